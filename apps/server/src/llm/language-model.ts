import type { LlmChatRequest } from '@weft/nodes';
import type { LanguageModel } from 'ai';
import { LlmRequestError } from './llm-errors.js';

/** A fetch-compatible function; in production the outbound guard's (outbound/guarded-fetch.ts). */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The provider's model for a request, each given the guarded fetch; shared with llm-turn.ts. */
export async function languageModel(request: Omit<LlmChatRequest, 'prompt'>, fetch: FetchFunction): Promise<LanguageModel> {
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
