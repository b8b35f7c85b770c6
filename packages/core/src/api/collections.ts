/**
 * The vector-store collection shapes of the HTTP API (docs/API.md "Collections"), shared
 * by the server that answers them and the web app's Settings page.
 */

/** How a collection's chunks were embedded; `none` stores them for keyword search only. */
export const EMBEDDING_PROVIDERS = ['openai', 'openai-compatible', 'none'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/** One of the user's collections, as `GET /api/collections` lists it. */
export interface CollectionSummary {
  id: string;
  name: string;
  /** Chunks stored. */
  chunks: number;
  provider: EmbeddingProvider;
  /** The embedding model; null for a keyword-only collection. */
  model: string | null;
  /** Length of each embedding; 0 for a keyword-only collection. */
  dimensions: number;
  /** Bytes of text, metadata and embeddings (indexes not counted). */
  sizeBytes: number;
  createdAt: string;
  updatedAt: string;
}
