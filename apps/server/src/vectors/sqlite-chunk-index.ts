import type { MetadataFilter } from '@weft/nodes';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ChunkIndex, IndexedChunk } from './chunk-index.js';
import type { Ranked } from './fuse-rankings.js';
import { fts5Query } from './keyword-terms.js';
import { metadataFilterSql } from './metadata-filter-sql.js';

/**
 * Vectors in 128-row blocks rather than sqlite-vec's default 1,024: an empty block is
 * allocated whole, so a small collection of 1,536-dimension vectors took 6 MB. Search
 * speed was the same at 100,000 rows (bench/README.md).
 */
const VECTOR_BLOCK_ROWS = 128;

const INDEX_TABLE = /^(vec|fts)_([0-9a-f]{32})$/;

/**
 * SQLite: per collection, a sqlite-vec `vec0` table `vec_<id>` (float32 vectors, cosine
 * distance, exact: every vector of the collection is compared, in sqlite-vec's SIMD loop)
 * and a contentless FTS5 table `fts_<id>` (Porter stems, BM25), both keyed by chunk id. A
 * table per collection keeps each search to its own rows and makes deleting a collection
 * a DROP. `vectorProblem` says why sqlite-vec did not load; vector search then refuses.
 */
export class SqliteChunkIndex implements ChunkIndex {
  readonly embeddingInRow = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly vectorProblem: string | undefined,
  ) {}

  async createKeywordIndex(db: Kysely<Database>, collectionId: string): Promise<void> {
    const table = sql.table(tableName('fts', collectionId));
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING fts5(text, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
  }

  async createVectorIndex(db: Kysely<Database>, collectionId: string, dimensions: number): Promise<void> {
    this.requireVectors();
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new Error(`Embeddings must have at least one dimension, not ${dimensions}`);
    const table = sql.table(tableName('vec', collectionId));
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING vec0(embedding float[${sql.lit(dimensions)}] distance_metric=cosine, chunk_size=${sql.lit(VECTOR_BLOCK_ROWS)})`.execute(
      db,
    );
  }

  async dropIndexes(db: Kysely<Database>, collectionId: string): Promise<void> {
    await sql`DROP TABLE IF EXISTS ${sql.table(tableName('fts', collectionId))}`.execute(db);
    if (await tableExists(db, tableName('vec', collectionId))) {
      this.requireVectors();
      await sql`DROP TABLE ${sql.table(tableName('vec', collectionId))}`.execute(db);
    }
  }

  async add(db: Kysely<Database>, collectionId: string, chunks: readonly IndexedChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    // sqlite-vec refuses a rowid bound as a float, which is how a JS number binds: bigint binds as an integer.
    const words = chunks.map((chunk) => sql`(${BigInt(chunk.id)}, ${chunk.text})`);
    await sql`INSERT INTO ${sql.table(tableName('fts', collectionId))} (rowid, text) VALUES ${sql.join(words)}`.execute(db);
    const vectors = chunks.filter((chunk) => chunk.embedding !== null).map((chunk) => sql`(${BigInt(chunk.id)}, ${chunk.embedding})`);
    if (vectors.length === 0) return;
    this.requireVectors();
    await sql`INSERT INTO ${sql.table(tableName('vec', collectionId))} (rowid, embedding) VALUES ${sql.join(vectors)}`.execute(db);
  }

  async remove(db: Kysely<Database>, collectionId: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const list = sql.join(ids.map((id) => BigInt(id)));
    await sql`DELETE FROM ${sql.table(tableName('fts', collectionId))} WHERE rowid IN (${list})`.execute(db);
    if (await tableExists(db, tableName('vec', collectionId))) {
      this.requireVectors();
      await sql`DELETE FROM ${sql.table(tableName('vec', collectionId))} WHERE rowid IN (${list})`.execute(db);
    }
  }

  async searchVectors(collectionId: string, vector: Buffer, limit: number, filter: MetadataFilter | undefined): Promise<Ranked[]> {
    this.requireVectors();
    const table = sql.table(tableName('vec', collectionId));
    // The filter narrows the rows sqlite-vec compares (its KNN takes a rowid IN list).
    const only = filter
      ? sql`AND rowid IN (SELECT id FROM vector_chunks WHERE collection_id = ${collectionId} AND ${metadataFilterSql(filter, 'sqlite', 'vector_chunks')})`
      : sql``;
    const { rows } = await sql<{ id: number; distance: number }>`
      SELECT rowid AS id, distance FROM ${table} WHERE embedding MATCH ${vector} AND k = ${sql.lit(Math.trunc(limit))} ${only} ORDER BY distance`.execute(
      this.db,
    );
    // Cosine distance is 1 − similarity.
    return rows.map((row) => ({ id: Number(row.id), score: 1 - row.distance }));
  }

  async searchWords(collectionId: string, terms: readonly string[], limit: number, filter: MetadataFilter | undefined): Promise<Ranked[]> {
    if (terms.length === 0) return [];
    const table = sql.table(tableName('fts', collectionId));
    const query = fts5Query(terms);
    // Unfiltered, FTS5 ranks inside its own index; filtered, each match is joined to its row first.
    const { rows } = filter
      ? await sql<{ id: number; rank: number }>`
          SELECT ${table}.rowid AS id, bm25(${table}) AS rank FROM ${table} JOIN vector_chunks c ON c.id = ${table}.rowid
          WHERE ${table} MATCH ${query} AND ${metadataFilterSql(filter, 'sqlite', 'c')} ORDER BY rank LIMIT ${sql.lit(Math.trunc(limit))}`.execute(this.db)
      : await sql<{ id: number; rank: number }>`
          SELECT rowid AS id, bm25(${table}) AS rank FROM ${table} WHERE ${table} MATCH ${query} ORDER BY rank LIMIT ${sql.lit(Math.trunc(limit))}`.execute(
          this.db,
        );
    // FTS5's bm25() is negated (lower is better); s / (1 + s) maps relevance 0…∞ onto 0…1.
    return rows.map((row) => {
      const relevance = Math.max(0, -row.rank);
      return { id: Number(row.id), score: relevance / (1 + relevance) };
    });
  }

  async dropOrphans(): Promise<number> {
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`.execute(this.db);
    const byCollection = new Map<string, string[]>();
    for (const { name } of rows) {
      const hex = INDEX_TABLE.exec(name)?.[2];
      if (hex) byCollection.set(idFromHex(hex), [...(byCollection.get(idFromHex(hex)) ?? []), name]);
    }
    if (byCollection.size === 0) return 0;
    const live = new Set((await this.db.selectFrom('vector_collections').select('id').execute()).map((row) => row.id));
    let dropped = 0;
    for (const [id, names] of byCollection) {
      if (live.has(id)) continue;
      // A vec0 table cannot be dropped without sqlite-vec; it stays until it can.
      if (names.some((name) => name.startsWith('vec_')) && this.vectorProblem) continue;
      await this.db.transaction().execute((trx) => this.dropIndexes(trx, id));
      dropped += names.length;
    }
    return dropped;
  }

  private requireVectors(): void {
    if (this.vectorProblem) {
      throw new Error(
        `Vector search is not available on this server: the sqlite-vec extension could not be loaded (${this.vectorProblem}). Keyword search works; for embeddings use PostgreSQL or a platform sqlite-vec supports.`,
      );
    }
  }
}

/** `vec_<hex>` / `fts_<hex>`: the collection's UUID without dashes, checked so it can only name its own table. */
function tableName(kind: 'vec' | 'fts', collectionId: string): string {
  const hex = collectionId.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`Not a collection id: ${collectionId}`);
  return `${kind}_${hex}`;
}

function idFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function tableExists(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ${name}`.execute(db);
  return rows.length > 0;
}
