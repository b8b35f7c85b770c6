import type { LlmChatRequest } from '@weft/nodes';
import type { APICallError } from 'ai';
import { describeNetworkError, findCause, OutboundError } from '../outbound/outbound-errors.js';

/** A failed model call, with a message written for the workflow's author. */
export class LlmRequestError extends Error {
  override name = 'LlmRequestError';
}

const DEFAULT_BASE_URLS: Record<LlmChatRequest['provider'], string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': '',
};

/** What a failed call was asking for: enough to say where it went and what to check. */
export type ModelCallTarget = Pick<LlmChatRequest, 'provider' | 'baseUrl' | 'model'>;

/**
 * Turns what the AI SDK throws into one plain sentence or two: what the server said and
 * what to check. The SDK's own messages name its internals ("AI_APICallError",
 * "Cannot connect to API"), which mean little to someone building a workflow. `kind`
 * tunes the advice for a bad request (chat settings, or an embedding model's input).
 * Async because the SDK is imported on first use; a failed call has loaded it already.
 */
export async function describeLlmError(error: unknown, request: ModelCallTarget, kind: 'chat' | 'embedding' = 'chat'): Promise<string> {
  const { APICallError } = await import('ai');
  const guard = findCause(error, (candidate): candidate is OutboundError => candidate instanceof OutboundError);
  if (guard) return guard.message;

  const apiError = findCause(error, (candidate): candidate is APICallError => APICallError.isInstance(candidate));
  if (apiError?.statusCode !== undefined) {
    const said = serverMessage(apiError);
    return `The model server answered ${apiError.statusCode}${said ? `: ${said}` : ''}. ${hintFor(apiError.statusCode, request, kind)}`.trim();
  }

  const network = describeNetworkError(error);
  const where = request.baseUrl || DEFAULT_BASE_URLS[request.provider];
  if (network === 'connection refused') {
    return `Could not connect to the model server at ${where}: connection refused. Check the base URL and that the server is running.`;
  }
  if (network) return `Could not reach the model server at ${where}: ${network}.`;

  const message = error instanceof Error ? error.message : String(error);
  return `The model call failed: ${message}`;
}

function serverMessage(error: APICallError): string {
  // The providers put the server's own error text in `message`; when the body was not
  // the provider's JSON (an HTML 404 page from a wrong base URL), it is the status text.
  return error.message.trim().replace(/\.+$/, '');
}

function hintFor(status: number, request: ModelCallTarget, kind: 'chat' | 'embedding'): string {
  if (status === 401 || status === 403) return 'Check the API key secret.';
  if (status === 404) {
    return `Check the model name ("${request.model}")${request.baseUrl ? ` and the base URL (${request.baseUrl})` : ''}.`;
  }
  if (status === 429) return 'The server is rate-limiting this key or its quota is used up; try again later or raise the limit.';
  if ((status === 400 || status === 422) && kind === 'embedding') {
    return `Check that "${request.model}" is an embedding model and that no chunk is longer than it accepts.`;
  }
  if (status === 400 || status === 422) return 'Check the model settings (temperature, max tokens) and the prompt.';
  if (status >= 500) return 'The model server had a problem; try again later.';
  return '';
}
