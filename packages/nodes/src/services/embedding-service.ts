import type { EmbeddingProvider } from '@weft/core';
import type { TokenUsage } from './llm-service.js';

// The embeddings contract: text embeddings behind the same outbound guard as the LLM.

/** Which embedding model a collection is built with; a Retriever embeds its queries the same way. */
export interface EmbeddingModelRef {
  readonly provider: Exclude<EmbeddingProvider, 'none'>;
  /** Required for openai-compatible; overrides OpenAI's own API otherwise. */
  readonly baseUrl?: string;
  readonly model: string;
}

export interface EmbedRequest extends EmbeddingModelRef {
  readonly apiKey?: string;
  /** Embedded in one call: the caller batches. */
  readonly texts: readonly string[];
}

export interface EmbedResult {
  /** One vector per text, in order, all of one length. */
  readonly embeddings: readonly (readonly number[])[];
  readonly usage: TokenUsage;
}

export interface EmbeddingService {
  /** Embeds the texts in one request. Throws with a message a user can act on (bad key, wrong model, unreachable server). */
  embed(request: EmbedRequest, options: { signal: AbortSignal }): Promise<EmbedResult>;
}
