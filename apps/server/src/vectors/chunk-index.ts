import type { MetadataFilter } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Ranked } from './fuse-rankings.js';

/** A chunk as the search indexes take it: its integer key, words and vector. */
export interface IndexedChunk {
  readonly id: number;
  readonly text: string;
  /** Null for keyword-only collections. */
  readonly embedding: Buffer | null;
}

/**
 * What differs between the databases: where vectors and words are indexed, and how they
 * are searched. The rest of the vector store (collections, chunks, hashes, counters,
 * fusion) is one implementation over Kysely. Methods taking `db` run inside the caller's
 * transaction when given one.
 *
 * - SQLite: each collection has a sqlite-vec `vec0` table (its vectors) and an FTS5 table
 *   (its words), keyed by chunk id.
 * - PostgreSQL: the vector stays in the chunk row (exact search in the server) and the
 *   words in its generated `tsvector` column.
 */
export interface ChunkIndex {
  /** Whether the chunk row keeps its own embedding (PostgreSQL) or the index does (SQLite). */
  readonly embeddingInRow: boolean;
  /** Makes the collection's keyword index (once, when the collection is made or emptied). */
  createKeywordIndex(db: Kysely<Database>, collectionId: string): Promise<void>;
  /** Makes the collection's vector index for vectors of this length (once, when the first arrive). */
  createVectorIndex(db: Kysely<Database>, collectionId: string, dimensions: number): Promise<void>;
  /** Drops the collection's indexes (it is deleted or rebuilt). */
  dropIndexes(db: Kysely<Database>, collectionId: string): Promise<void>;
  add(db: Kysely<Database>, collectionId: string, chunks: readonly IndexedChunk[]): Promise<void>;
  remove(db: Kysely<Database>, collectionId: string, ids: readonly number[]): Promise<void>;
  /** The `limit` chunks closest to `vector`, by cosine similarity (score), best first. */
  searchVectors(collectionId: string, vector: Buffer, limit: number, filter: MetadataFilter | undefined): Promise<Ranked[]>;
  /** The `limit` chunks that best match any of `terms`, relevance mapped to 0–1 (score), best first. */
  searchWords(collectionId: string, terms: readonly string[], limit: number, filter: MetadataFilter | undefined): Promise<Ranked[]>;
  /** Drops indexes whose collection is gone (an account deleted by cascade, a crash mid-delete). Returns how many. */
  dropOrphans(): Promise<number>;
}
