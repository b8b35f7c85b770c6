import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { PostgresChunkIndex } from './postgres-chunk-index.js';
import { SqliteChunkIndex } from './sqlite-chunk-index.js';
import { VectorStore } from './vector-store.js';

/** The vector store with the search indexes of the database in use. */
export function createVectorStore(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** SQLite: why sqlite-vec did not load. */
  vectorIndexProblem?: string | undefined;
  reclaimSpace?: (() => Promise<void>) | undefined;
  /** WEFT_VECTOR_CHUNKS_QUOTA (0: none). */
  chunkQuota?: number;
}): VectorStore {
  const index = deps.dialect === 'sqlite' ? new SqliteChunkIndex(deps.db, deps.vectorIndexProblem) : new PostgresChunkIndex(deps.db);
  return new VectorStore(deps.db, index, deps.clock, deps.reclaimSpace, deps.chunkQuota);
}
