import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CollectionSummary, ResultValue } from '@weft/core';
import type { CollectionInfo, EmbeddingModelRef, StoreChunksRequest, StoreChunksResult, VectorQuery, VectorStoreService } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Database, VectorCollectionRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { chunkSource, contentHash, encodeEmbedding } from './chunk-content.js';
import type { ChunkIndex } from './chunk-index.js';
import { checkChunkQuota, vectorUsage } from './chunk-quota.js';
import { CollectionsRepository, modelOf, toSummary } from './collections.repository.js';
import { fuseRankings, type Ranked } from './fuse-rankings.js';
import { keywordTerms } from './keyword-terms.js';
import { describeModel, dimensionsMismatch, modelMismatch, noCollection } from './vector-store-errors.js';

/**
 * Chunks embedded and written per step: one embedding request and one transaction, so a
 * failure keeps every step before it. OpenAI takes 2,048 inputs and 300,000 tokens a
 * request; 400,000 characters are about 100,000 tokens. Writing 256 rows a transaction
 * stored 12,000 chunks/s where 128 stored 6,800 (each commit waits for the disk).
 */
export const STORE_BATCH = 256;
export const STORE_BATCH_CHARACTERS = 400_000;
/** Rows per statement when removing chunks. */
const REMOVE_BATCH = 500;
/** Chunks hashed between turns of the event loop. */
const HASH_SLICE = 2_000;
/** Hybrid search fuses this many of each ranking per result asked for (at least HYBRID_POOL_MIN). */
const HYBRID_POOL_FACTOR = 4;
const HYBRID_POOL_MIN = 20;

interface InputChunk {
  readonly hash: string;
  readonly text: string;
  /** JSON. */
  readonly metadata: string;
  /** The metadata's `source` when it is text (the indexed column). */
  readonly source: string | null;
}

/**
 * The persistent vector store: each user's named collections of chunks, in Weft's own
 * database (docs/ARCHITECTURE.md "Vector store"). Writes dedupe by content hash; searches
 * run by vector, by keyword or both (reciprocal rank fusion). What differs between SQLite
 * and PostgreSQL is behind `ChunkIndex`.
 */
export class VectorStore {
  private readonly collections: CollectionsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly index: ChunkIndex,
    private readonly clock: Clock,
    /** Gives a deleted collection's disk space back (SQLite). */
    private readonly reclaimSpace: () => Promise<void> = async () => {},
    /** Chunks one user's collections may hold together (WEFT_VECTOR_CHUNKS_QUOTA); 0: no quota. */
    private readonly chunkQuota = 0,
  ) {
    this.collections = new CollectionsRepository(db, clock);
  }

  /** The `vectors` service of a run: the run owner's collections only. */
  forUser(userId: string): VectorStoreService {
    return {
      collection: (name) => this.collection(userId, name),
      store: (request) => this.store(userId, request),
      query: (query) => this.query(userId, query),
    };
  }

  async collection(userId: string, name: string): Promise<CollectionInfo | undefined> {
    const row = await this.collections.find(userId, name);
    return row && { name: row.name, embedding: modelOf(row), dimensions: row.dimensions, chunks: row.chunk_count };
  }

  /** The user's collections and the chunks they hold together. */
  usage(userId: string): Promise<{ collections: number; chunks: number }> {
    return vectorUsage(this.db, userId);
  }

  async list(userId: string): Promise<CollectionSummary[]> {
    return (await this.collections.list(userId)).map(toSummary);
  }

  /** Deletes one of the user's collections with its chunks and indexes; false when they have none by that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const row = await this.collections.findById(userId, id, trx);
      if (!row) return false;
      await this.index.dropIndexes(trx, row.id);
      await this.collections.delete(trx, row.id);
      return true;
    });
    if (deleted) await this.reclaimSpace();
    return deleted;
  }

  /** Before an account is deleted: its rows would go by cascade, its index tables would not. */
  async deleteForUser(userId: string): Promise<void> {
    for (const id of await this.collections.idsOf(userId)) await this.delete(userId, id);
  }

  /** Index tables left by a collection that is gone (a crash between drop and delete). */
  dropOrphans(): Promise<number> {
    return this.index.dropOrphans();
  }

  /**
   * Each step gives the event loop a turn: SQLite's driver is synchronous, so without an
   * embedding request between steps a store of 200,000 chunks was one 20 s stretch during
   * which the server answered nobody.
   */
  async store(userId: string, request: StoreChunksRequest): Promise<StoreChunksResult> {
    const input = await uniqueChunks(request);
    // A new collection over the quota is refused before it is made.
    if (!(await this.collections.find(userId, request.collection))) await checkChunkQuota(this.db, userId, input.length, this.chunkQuota);
    let row = await this.openForWrite(userId, request);
    const stored = await this.storedHashes(row.id);
    const missing = input.filter((chunk) => !stored.has(chunk.hash));
    const keep = new Set(input.map((chunk) => chunk.hash));
    const leaving = request.mode === 'replace' ? [...stored].filter(([hash]) => !keep.has(hash)).map(([, id]) => id) : [];
    // What a Replace removes at its end counts as free: the new chunks are written first.
    const allowed = this.chunkQuota + leaving.length;
    await checkChunkQuota(this.db, userId, missing.length, this.chunkQuota, allowed);
    let added = 0;
    for (const batch of batches(missing)) {
      await nextTurn();
      request.signal.throwIfAborted();
      const vectors = request.embedding ? (await request.embed(batch.map((chunk) => chunk.text))).map(encodeEmbedding) : null;
      added += await this.write(row, request.embedding, batch, vectors, allowed);
    }
    const removed = leaving.length > 0 ? await this.remove(row, leaving) : 0;
    row = (await this.collections.findById(userId, row.id)) ?? row;
    return { collection: row.name, added, unchanged: request.chunks.length - added, removed, total: row.chunk_count, dimensions: row.dimensions };
  }

  async query(userId: string, query: VectorQuery): Promise<ResultValue[]> {
    const row = await this.collections.find(userId, query.collection);
    if (!row) throw new Error(noCollection(query.collection));
    const topK = Math.max(1, Math.min(Math.trunc(query.topK), 1000));
    const pool = query.mode === 'hybrid' ? Math.max(topK * HYBRID_POOL_FACTOR, HYBRID_POOL_MIN) : topK;
    const byVector = () => this.index.searchVectors(row.id, this.queryVector(row, query), pool, query.filter);
    const byWords = () => this.index.searchWords(row.id, keywordTerms(query.text), pool, query.filter);
    let ranked: Ranked[];
    if (query.mode === 'vector') ranked = await byVector();
    else if (query.mode === 'keyword') ranked = await byWords();
    else ranked = fuseRankings([await byVector(), await byWords()]);
    ranked = ranked.filter((hit) => hit.score >= query.minScore).slice(0, topK);
    return this.results(row.id, ranked);
  }

  private queryVector(row: VectorCollectionRow, query: VectorQuery): Buffer {
    if (row.dimensions === 0) {
      throw new Error(`Collection "${row.name}" has no embeddings (${describeModel(modelOf(row))}): search it by keyword`);
    }
    if (!query.vector || query.vector.length !== row.dimensions) {
      throw new Error(
        `The query's embedding has ${query.vector?.length ?? 0} dimensions; collection "${row.name}" holds ${row.dimensions}-dimension embeddings`,
      );
    }
    return encodeEmbedding(query.vector);
  }

  /** The collection to write, made if new, rebuilt empty when Replace brings another model. */
  private async openForWrite(userId: string, request: StoreChunksRequest): Promise<VectorCollectionRow> {
    return this.db.transaction().execute(async (trx) => {
      const { row, created } = await this.collections.findOrCreate(trx, userId, request.collection, request.embedding);
      if (created || sameModel(modelOf(row), request.embedding)) {
        await this.index.createKeywordIndex(trx, row.id);
        return row;
      }
      if (request.mode === 'append') throw new Error(modelMismatch(row, request.embedding));
      await this.index.dropIndexes(trx, row.id);
      await trx.deleteFrom('vector_chunks').where('collection_id', '=', row.id).execute();
      await this.collections.reset(trx, row.id, request.embedding);
      await this.index.createKeywordIndex(trx, row.id);
      return (await this.collections.findById(userId, row.id, trx)) ?? row;
    });
  }

  private async storedHashes(collectionId: string): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('vector_chunks').select(['id', 'content_hash']).where('collection_id', '=', collectionId).execute();
    return new Map(rows.map((row) => [row.content_hash, Number(row.id)]));
  }

  /** One batch in one transaction; returns how many were new (another run may have stored some meanwhile). */
  private async write(
    row: VectorCollectionRow,
    model: EmbeddingModelRef | null,
    batch: readonly InputChunk[],
    vectors: Buffer[] | null,
    allowed: number,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await checkChunkQuota(trx, row.user_id, batch.length, this.chunkQuota, allowed);
      let dimensions = 0;
      if (vectors) {
        const length = (vectors[0]?.byteLength ?? 0) / 4;
        dimensions = await this.collections.settleDimensions(trx, row.id, length);
        if (dimensions === 0) throw new Error(`Collection "${row.name}" was deleted while it was being written`);
        if (dimensions !== length || vectors.some((vector) => vector.byteLength !== length * 4)) {
          throw new Error(dimensionsMismatch(row.name, model, length, dimensions));
        }
        await this.index.createVectorIndex(trx, row.id, dimensions);
      }
      const now = this.clock.now().toISOString();
      const inserted = await trx
        .insertInto('vector_chunks')
        .values(
          batch.map((chunk, i) => ({
            collection_id: row.id,
            content_hash: chunk.hash,
            text: chunk.text,
            metadata: chunk.metadata,
            source: chunk.source,
            embedding: this.index.embeddingInRow ? (vectors?.[i] ?? null) : null,
            created_at: now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['collection_id', 'content_hash']).doNothing())
        .returning(['id', 'content_hash'])
        .execute();
      const position = new Map(batch.map((chunk, i) => [chunk.hash, i]));
      const added = inserted.map((r) => {
        const i = position.get(r.content_hash) as number;
        return { id: Number(r.id), text: (batch[i] as InputChunk).text, embedding: vectors?.[i] ?? null, chunk: batch[i] as InputChunk };
      });
      await this.index.add(trx, row.id, added);
      const bytes = added.reduce((sum, a) => sum + Buffer.byteLength(a.chunk.text) + Buffer.byteLength(a.chunk.metadata) + dimensions * 4, 0);
      await this.collections.count(trx, row.id, added.length, bytes);
      return added.length;
    });
  }

  private async remove(row: VectorCollectionRow, ids: readonly number[]): Promise<number> {
    let removed = 0;
    for (let start = 0; start < ids.length; start += REMOVE_BATCH) {
      await nextTurn();
      const batch = ids.slice(start, start + REMOVE_BATCH);
      removed += await this.db.transaction().execute(async (trx) => {
        const gone = await trx
          .selectFrom('vector_chunks')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('chunks'),
            eb.fn.sum<number | string | null>(eb(eb.fn('octet_length', ['text']), '+', eb.fn('octet_length', ['metadata']))).as('bytes'),
          ])
          .where('collection_id', '=', row.id)
          .where('id', 'in', batch)
          .executeTakeFirstOrThrow();
        const dimensions = (await this.collections.findById(row.user_id, row.id, trx))?.dimensions ?? 0;
        await this.index.remove(trx, row.id, batch);
        await trx.deleteFrom('vector_chunks').where('collection_id', '=', row.id).where('id', 'in', batch).execute();
        const count = Number(gone.chunks);
        await this.collections.count(trx, row.id, -count, -(Number(gone.bytes ?? 0) + count * dimensions * 4));
        return count;
      });
    }
    return removed;
  }

  private async results(collectionId: string, ranked: readonly Ranked[]): Promise<ResultValue[]> {
    if (ranked.length === 0) return [];
    // By primary key alone: with `collection_id = ?` too, SQLite walked the collection's
    // (collection_id, content_hash) index instead, 15 ms at 100,000 chunks. Checked here.
    const rows = await this.db
      .selectFrom('vector_chunks')
      .select(['id', 'collection_id', 'text', 'metadata', 'source'])
      .where(
        'id',
        'in',
        ranked.map((hit) => hit.id),
      )
      .execute();
    const byId = new Map(rows.filter((row) => row.collection_id === collectionId).map((row) => [Number(row.id), row]));
    return ranked.flatMap((hit) => {
      const row = byId.get(hit.id);
      if (!row) return [];
      const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
      const source = chunkSource(metadata);
      return [{ text: row.text, score: Math.round(hit.score * 10_000) / 10_000, ...(source ? { source } : {}), metadata }];
    });
  }
}

function sameModel(a: EmbeddingModelRef | null, b: EmbeddingModelRef | null): boolean {
  if (!a || !b) return a === b;
  return a.provider === b.provider && a.model === b.model && (a.baseUrl ?? '') === (b.baseUrl ?? '');
}

/** Hashed chunks, each once: the same text from the same source twice in one input is one chunk. */
async function uniqueChunks(request: StoreChunksRequest): Promise<InputChunk[]> {
  const seen = new Set<string>();
  const chunks: InputChunk[] = [];
  for (const [index, chunk] of request.chunks.entries()) {
    if (index % HASH_SLICE === HASH_SLICE - 1) {
      await nextTurn();
      request.signal.throwIfAborted();
    }
    const hash = contentHash(chunkSource(chunk.metadata), chunk.text);
    if (seen.has(hash)) continue;
    seen.add(hash);
    const source = chunk.metadata?.source;
    chunks.push({ hash, text: chunk.text, metadata: JSON.stringify(chunk.metadata ?? {}), source: typeof source === 'string' ? source : null });
  }
  return chunks;
}

/** Steps of at most STORE_BATCH chunks and STORE_BATCH_CHARACTERS characters (a longer chunk goes alone). */
function* batches(chunks: readonly InputChunk[]): Generator<InputChunk[]> {
  let batch: InputChunk[] = [];
  let characters = 0;
  for (const chunk of chunks) {
    if (batch.length > 0 && (batch.length === STORE_BATCH || characters + chunk.text.length > STORE_BATCH_CHARACTERS)) {
      yield batch;
      batch = [];
      characters = 0;
    }
    batch.push(chunk);
    characters += chunk.text.length;
  }
  if (batch.length > 0) yield batch;
}
