import type { LlmChatRequest, LlmChatResult, LlmService } from '@weft/nodes';
import type { LanguageModel, LanguageModelUsage } from 'ai';
import { describeLlmError, LlmRequestError } from './llm-errors.js';

// The SDK prints provider warnings ("temperature is not supported by …") with
// console.warn, beside the server's structured log; the LlmService contract has no
// channel for them, so they are turned off rather than left to clutter stdout.
globalThis.AI_SDK_LOG_WARNINGS = false;

// The AI SDK and its providers (about 1.8 MB of JavaScript) are imported on the first model
// call, not at start: most runs never call a model (bench/cold-start.bench.mjs).

/** A fetch-compatible function; in production the outbound guard's (outbound/guarded-fetch.ts). */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The LLM service nodes use, over the Vercel AI SDK providers. Every provider is given
 * the guarded `fetch`, so model calls obey the same outbound rules as the HTTP node
 * (a base URL on the LAN needs WEFT_ALLOWED_PRIVATE_HOSTS). The SDK's own retries are
 * off: the engine retries nodes with the backoff the workflow asks for.
 */
export function createLlmService(fetch: FetchFunction): LlmService {
  return {
    async chat(request, { signal, onToken }): Promise<LlmChatResult> {
      const model = await languageModel(request, fetch);
      const { streamText } = await import('ai');
      const result = streamText({
        model,
        system: request.system || undefined,
        prompt: request.prompt,
        temperature: request.temperature,
        maxOutputTokens: request.maxTokens,
        abortSignal: signal,
        maxRetries: 0,
        // The default handler prints the whole error to the console, request body (the
        // prompt, which may hold secrets) included; errors are read from fullStream below.
        onError: () => {},
      });

      let text = '';
      let failure: unknown;
      let usage: LanguageModelUsage | undefined;
      let modelId: string | undefined;
      try {
        // fullStream rather than textStream: textStream silently ends on a provider
        // error, and the error (a 401, say) is what the user needs to see.
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            text += part.text;
            onToken(part.text);
          } else if (part.type === 'error') {
            failure ??= part.error;
          } else if (part.type === 'finish-step') {
            modelId = part.response.modelId || modelId;
          } else if (part.type === 'finish') {
            usage = part.totalUsage;
          }
        }
      } catch (error) {
        failure ??= error;
      }
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Cancelled');
      if (failure !== undefined) throw new LlmRequestError(await describeLlmError(failure, request), { cause: failure });
      return {
        text,
        usage: { model: modelId ?? request.model, inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 },
      };
    },
  };
}

async function languageModel(request: LlmChatRequest, fetch: FetchFunction): Promise<LanguageModel> {
  const baseURL = request.baseUrl?.trim() || undefined;
  if (baseURL !== undefined && !/^https?:\/\/[^/]/i.test(baseURL)) {
    throw new LlmRequestError(`The base URL "${baseURL}" is not an http(s) URL, e.g. http://ollama.lan:11434/v1.`);
  }
  if (!request.model.trim()) throw new LlmRequestError('No model is set; enter the model name, e.g. gpt-4o-mini.');
  // An empty string (not undefined) keeps the SDK from falling back to OPENAI_API_KEY or
  // ANTHROPIC_API_KEY in the server's environment: the operator's key is not the workflow's.
  const apiKey = request.apiKey ?? '';
  switch (request.provider) {
    case 'openai':
      if (!apiKey && !baseURL) throw missingKey('OpenAI');
      // .chat: the Chat Completions API, which OpenAI-style proxies also speak.
      return (await import('@ai-sdk/openai')).createOpenAI({ apiKey, baseURL, fetch }).chat(request.model);
    case 'anthropic':
      if (!apiKey && !baseURL) throw missingKey('Anthropic');
      return (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey, baseURL, fetch })(request.model);
    case 'openai-compatible':
      if (!baseURL) {
        throw new LlmRequestError('An OpenAI-compatible provider needs a base URL, e.g. http://ollama.lan:11434/v1.');
      }
      return (await import('@ai-sdk/openai-compatible'))
        .createOpenAICompatible({
          name: 'openai-compatible',
          baseURL,
          apiKey: request.apiKey || undefined,
          fetch,
          // Without it, streamed answers carry no token counts.
          includeUsage: true,
        })
        .chatModel(request.model);
    default:
      throw new LlmRequestError(`Unknown LLM provider "${String(request.provider)}".`);
  }
}

function missingKey(provider: string): LlmRequestError {
  return new LlmRequestError(`${provider} needs an API key: add it under Settings → Secrets and pick it in the node's API key field.`);
}
