import type { ChunkValue, ResultValue } from '@weft/core';
import type { EmbeddingModelRef } from './embedding-service.js';

// The vector store contract: the run owner's collections.

/** A collection as a node sees it. */
export interface CollectionInfo {
  readonly name: string;
  /** Null for a collection stored for keyword search only. */
  readonly embedding: EmbeddingModelRef | null;
  /** Length of its embeddings; 0 when it has none. */
  readonly dimensions: number;
  readonly chunks: number;
}

export interface StoreChunksRequest {
  readonly collection: string;
  /** Null stores the chunks for keyword search only. */
  readonly embedding: EmbeddingModelRef | null;
  readonly chunks: readonly ChunkValue[];
  /**
   * `replace`: afterwards the collection holds exactly these chunks (chunks it already had
   * are kept, not embedded again). `append`: these are added to what it holds. Either way a
   * chunk already stored (same text and source) is not stored twice.
   */
  readonly mode: 'replace' | 'append';
  /**
   * Embeds texts the collection lacks, a batch at a time, resolving with one vector per
   * text in order. The store writes each batch before asking for the next, so a failure
   * keeps what was stored and a second run embeds only the rest.
   */
  embed(texts: readonly string[]): Promise<readonly (readonly number[])[]>;
  readonly signal: AbortSignal;
}

export interface StoreChunksResult {
  readonly collection: string;
  /** Chunks embedded and written by this call. */
  readonly added: number;
  /** Chunks of the input the collection already held. */
  readonly unchanged: number;
  /** Chunks removed (replace mode: no longer in the input). */
  readonly removed: number;
  /** Chunks in the collection afterwards. */
  readonly total: number;
  readonly dimensions: number;
}

export type RetrievalMode = 'vector' | 'keyword' | 'hybrid';

/** Metadata keys and the value each must equal; an array value means any one of them. */
export type MetadataFilter = Readonly<Record<string, string | number | boolean | null | readonly (string | number | boolean)[]>>;

export interface VectorQuery {
  readonly collection: string;
  readonly mode: RetrievalMode;
  /** The query text (keyword and hybrid search it). */
  readonly text: string;
  /** The query's embedding (vector and hybrid), made with the collection's model. */
  readonly vector?: readonly number[];
  readonly topK: number;
  /** Results scoring below this are left out (the score of the mode: see ResultValue). */
  readonly minScore: number;
  readonly filter?: MetadataFilter;
}

export interface VectorStoreService {
  /** The run owner's collection of that name; undefined when they have none. */
  collection(name: string): Promise<CollectionInfo | undefined>;
  /** Writes chunks with their embeddings and a content hash. Throws naming the problem (model or dimensions that do not match the collection). */
  store(request: StoreChunksRequest): Promise<StoreChunksResult>;
  /**
   * The best `topK` chunks, best first. Scores: cosine similarity (vector), BM25 relevance
   * mapped to 0–1 (keyword), reciprocal rank fusion of both lists scaled to 0–1 (hybrid: 1
   * is first in both).
   */
  query(query: VectorQuery): Promise<readonly ResultValue[]>;
}
