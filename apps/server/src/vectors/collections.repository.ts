import type { CollectionSummary, EmbeddingProvider } from '@weft/core';
import type { EmbeddingModelRef } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Database, VectorCollectionRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';

/** The embedding model a collection row records; null for keyword-only collections. */
export function modelOf(row: Pick<VectorCollectionRow, 'provider' | 'model' | 'base_url'>): EmbeddingModelRef | null {
  if (row.provider === 'none' || !row.model) return null;
  return { provider: row.provider as EmbeddingModelRef['provider'], model: row.model, ...(row.base_url ? { baseUrl: row.base_url } : {}) };
}

/** The columns of a collection with no chunks yet, recording `model`: a new collection, or one Replace empties. */
function emptyWith(model: EmbeddingModelRef | null) {
  return { provider: model?.provider ?? 'none', base_url: model?.baseUrl ?? null, model: model?.model ?? null, dimensions: 0, chunk_count: 0, size_bytes: 0 };
}

export function toSummary(row: VectorCollectionRow): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    chunks: row.chunk_count,
    provider: row.provider as EmbeddingProvider,
    model: row.model,
    dimensions: row.dimensions,
    sizeBytes: Number(row.size_bytes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Collection rows, always scoped by owner (another user's collection is a missing one).
 * Chunk counts and sizes are kept on the row by the writes, in the same transaction, so
 * listing reads no chunks.
 */
export class CollectionsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  find(userId: string, name: string, db: Kysely<Database> = this.db): Promise<VectorCollectionRow | undefined> {
    return db.selectFrom('vector_collections').selectAll().where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  }

  findById(userId: string, id: string, db: Kysely<Database> = this.db): Promise<VectorCollectionRow | undefined> {
    return db.selectFrom('vector_collections').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  list(userId: string): Promise<VectorCollectionRow[]> {
    return this.db.selectFrom('vector_collections').selectAll().where('user_id', '=', userId).orderBy('name').execute();
  }

  idsOf(userId: string): Promise<string[]> {
    return this.db
      .selectFrom('vector_collections')
      .select('id')
      .where('user_id', '=', userId)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  }

  /** The user's collection of that name, made empty with this model when there was none (two runs at once make one). */
  async findOrCreate(
    db: Kysely<Database>,
    userId: string,
    name: string,
    model: EmbeddingModelRef | null,
  ): Promise<{ row: VectorCollectionRow; created: boolean }> {
    const now = this.clock.now().toISOString();
    const inserted = await db
      .insertInto('vector_collections')
      .values({
        id: newId(),
        user_id: userId,
        name,
        ...emptyWith(model),
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await this.find(userId, name, db);
    if (!row) throw new Error(`Collection "${name}" could not be created`);
    return { row, created: false };
  }

  /** Empties the row's counters and gives it another model (a Replace with a new model). */
  async reset(db: Kysely<Database>, id: string, model: EmbeddingModelRef | null): Promise<void> {
    await db
      .updateTable('vector_collections')
      .set({ ...emptyWith(model), updated_at: this.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Records the length of the collection's vectors, once: returns the length it has (another writer may have set it first). */
  async settleDimensions(db: Kysely<Database>, id: string, dimensions: number): Promise<number> {
    await db.updateTable('vector_collections').set({ dimensions }).where('id', '=', id).where('dimensions', '=', 0).execute();
    const row = await db.selectFrom('vector_collections').select('dimensions').where('id', '=', id).executeTakeFirst();
    return row?.dimensions ?? 0;
  }

  /** Adds (or with negative numbers, takes away) chunks and bytes. */
  async count(db: Kysely<Database>, id: string, chunks: number, bytes: number): Promise<void> {
    await db
      .updateTable('vector_collections')
      .set((eb) => ({
        chunk_count: eb('chunk_count', '+', chunks),
        size_bytes: eb('size_bytes', '+', bytes),
        updated_at: this.clock.now().toISOString(),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Chunks go with it (ON DELETE CASCADE). */
  async delete(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('vector_collections').where('id', '=', id).execute();
  }
}
