import type { EmbeddingService, EmbedRequest, EmbedResult } from '@weft/nodes';
import type { EmbeddingModel, embedMany } from 'ai';
import { describeLlmError, LlmRequestError } from './llm-errors.js';
import type { FetchFunction } from './llm-service.js';

/**
 * Embeddings for Embed & Store and the Retriever, over the AI SDK's OpenAI and
 * OpenAI-compatible providers (Ollama, vLLM, LM Studio speak `POST /v1/embeddings`),
 * through the guarded `fetch` like the chat models. One request per call: the nodes
 * batch, so each batch's usage is recorded as it returns. SDK retries are off (the engine
 * retries nodes). The SDK is imported on the first call (see llm-service.ts).
 */
export function createEmbeddingService(fetch: FetchFunction): EmbeddingService {
  return {
    async embed(request, { signal }): Promise<EmbedResult> {
      if (request.texts.length === 0) return { embeddings: [], usage: { model: request.model, inputTokens: 0, outputTokens: 0 } };
      const model = await embeddingModel(request, fetch);
      const sdk = await import('ai');
      let result: Awaited<ReturnType<typeof embedMany>>;
      try {
        result = await sdk.embedMany({ model, values: [...request.texts], maxRetries: 0, abortSignal: signal });
      } catch (error) {
        if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Cancelled');
        throw new LlmRequestError(await describeLlmError(error, request, 'embedding'), { cause: error });
      }
      const { embeddings } = result;
      const length = embeddings[0]?.length ?? 0;
      if (length === 0 || embeddings.some((vector) => vector.length !== length)) {
        throw new LlmRequestError(`${request.model} returned embeddings of different lengths (or none); is it an embedding model?`);
      }
      return { embeddings, usage: { model: request.model, inputTokens: result.usage?.tokens ?? 0, outputTokens: 0 } };
    },
  };
}

async function embeddingModel(request: EmbedRequest, fetch: FetchFunction): Promise<EmbeddingModel> {
  const baseURL = request.baseUrl?.trim() || undefined;
  if (baseURL !== undefined && !/^https?:\/\/[^/]/i.test(baseURL)) {
    throw new LlmRequestError(`The base URL "${baseURL}" is not an http(s) URL, e.g. http://ollama.lan:11434/v1.`);
  }
  if (!request.model.trim()) throw new LlmRequestError('No embedding model is set; enter its name, e.g. text-embedding-3-small.');
  switch (request.provider) {
    case 'openai':
      if (!request.apiKey && !baseURL) {
        throw new LlmRequestError("OpenAI needs an API key: add it under Settings → Secrets and pick it in the node's API key field.");
      }
      // An empty key rather than none: the SDK would otherwise use the server's OPENAI_API_KEY.
      return (await import('@ai-sdk/openai')).createOpenAI({ apiKey: request.apiKey ?? '', baseURL, fetch }).embedding(request.model);
    case 'openai-compatible':
      if (!baseURL) throw new LlmRequestError('An OpenAI-compatible provider needs a base URL, e.g. http://ollama.lan:11434/v1.');
      return (await import('@ai-sdk/openai-compatible'))
        .createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey: request.apiKey || undefined, fetch })
        .embeddingModel(request.model);
    default:
      throw new LlmRequestError(`Unknown embedding provider "${String(request.provider)}".`);
  }
}
