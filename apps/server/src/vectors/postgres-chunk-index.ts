import type { MetadataFilter } from '@weft/nodes';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { decodeEmbedding } from './chunk-content.js';
import type { ChunkIndex } from './chunk-index.js';
import type { Ranked } from './fuse-rankings.js';
import { tsQuery } from './keyword-terms.js';
import { metadataFilterSql } from './metadata-filter-sql.js';
import { type LoadedVectors, nearest, normalised, VectorCache } from './vector-cache.js';

/** Rows fetched per round trip while reading a collection's vectors. */
const SCAN_BATCH = 5000;
/** 256 MB: about 170,000 vectors of 384 dimensions, 40,000 of 1,536. */
const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * PostgreSQL without pgvector: the vector is in the chunk row, and a search compares the
 * collection's vectors here (exact cosine), kept in memory between searches until the
 * collection changes (vector-cache.ts); a filtered search reads the matching rows'
 * vectors. Words are a generated `tsvector` column (English stemming, stop words dropped)
 * with a GIN index, ranked by `ts_rank_cd`. pgvector (an index in the database) is future
 * work: it is not installed where this was built and tested.
 */
export class PostgresChunkIndex implements ChunkIndex {
  readonly embeddingInRow = true;

  private readonly cache: VectorCache;

  constructor(
    private readonly db: Kysely<Database>,
    /** Memory for collections' vectors kept between searches (vector-cache.ts). */
    cacheBytes = DEFAULT_CACHE_BYTES,
  ) {
    this.cache = new VectorCache(cacheBytes);
  }

  async createKeywordIndex(): Promise<void> {}
  async createVectorIndex(): Promise<void> {}
  async dropIndexes(_db: Kysely<Database>, collectionId: string): Promise<void> {
    this.cache.forget(collectionId);
  }
  async add(): Promise<void> {}
  async remove(): Promise<void> {}
  async dropOrphans(): Promise<number> {
    return 0;
  }

  async searchVectors(collectionId: string, vector: Buffer, limit: number, filter: MetadataFilter | undefined): Promise<Ranked[]> {
    const query = normalised(decodeEmbedding(vector));
    if (filter) return nearest(await this.loadVectors(collectionId, filter), query, limit);
    const row = await this.db.selectFrom('vector_collections').select(['updated_at', 'chunk_count']).where('id', '=', collectionId).executeTakeFirst();
    if (!row) return [];
    const loaded = await this.cache.get(collectionId, `${row.updated_at}|${row.chunk_count}`, () => this.loadVectors(collectionId, undefined));
    return nearest(loaded, query, limit);
  }

  /** The collection's vectors (those whose chunk matches `filter`), read in keyset pages by id. */
  private async loadVectors(collectionId: string, filter: MetadataFilter | undefined): Promise<LoadedVectors> {
    const ids: number[] = [];
    const parts: Float32Array[] = [];
    let dimensions = 0;
    let after = 0;
    for (;;) {
      let page = this.db
        .selectFrom('vector_chunks')
        .select(['id', 'embedding'])
        .where('collection_id', '=', collectionId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(SCAN_BATCH);
      if (filter) page = page.where(metadataFilterSql(filter, 'postgres', 'vector_chunks'));
      const rows = await page.execute();
      for (const row of rows) {
        if (!row.embedding) continue;
        const vector = normalised(decodeEmbedding(row.embedding));
        dimensions ||= vector.length;
        if (vector.length !== dimensions) continue;
        ids.push(Number(row.id));
        parts.push(vector);
      }
      if (rows.length < SCAN_BATCH) break;
      after = Number(rows[rows.length - 1]?.id);
    }
    const vectors = new Float32Array(ids.length * dimensions);
    parts.forEach((vector, row) => {
      vectors.set(vector, row * dimensions);
    });
    return { ids: Float64Array.from(ids), vectors, dimensions };
  }

  async searchWords(collectionId: string, terms: readonly string[], limit: number, filter: MetadataFilter | undefined): Promise<Ranked[]> {
    if (terms.length === 0) return [];
    const only = filter ? sql`AND ${metadataFilterSql(filter, 'postgres', 'vector_chunks')}` : sql``;
    // Normalisation 32 gives rank / (rank + 1): 0…1, like the SQLite side's mapping of BM25.
    const { rows } = await sql<{ id: string; score: number }>`
      SELECT id, ts_rank_cd(words, q, 32) AS score FROM vector_chunks, to_tsquery('english', ${tsQuery(terms)}) q
      WHERE collection_id = ${collectionId} AND words @@ q ${only} ORDER BY score DESC, id LIMIT ${Math.trunc(limit)}`.execute(this.db);
    return rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
  }
}
