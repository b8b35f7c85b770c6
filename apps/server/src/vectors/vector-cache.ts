import type { Ranked } from './fuse-rankings.js';

/** A collection's vectors in one block, each scaled to length 1, with their chunk ids. */
export interface LoadedVectors {
  readonly ids: Float64Array;
  /** `ids.length` rows of `dimensions` floats. */
  readonly vectors: Float32Array;
  readonly dimensions: number;
}

/**
 * Collections' vectors held in memory between searches, for exact search where the
 * database cannot search vectors itself (PostgreSQL without pgvector): reading 100,000
 * vectors back took seconds a query, comparing them in memory tens of milliseconds. An
 * entry is kept under a version (the collection's `updated_at` and chunk count, which
 * every write changes), so a write by this process or another is seen on the next search.
 * Least recently used collections leave first once `budgetBytes` is spent; a collection
 * larger than the whole budget is searched without being kept.
 */
export class VectorCache {
  private readonly entries = new Map<string, { version: string; loaded: LoadedVectors }>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  async get(collectionId: string, version: string, load: () => Promise<LoadedVectors>): Promise<LoadedVectors> {
    const entry = this.entries.get(collectionId);
    if (entry?.version === version) {
      // Re-inserting moves it to the end: Map order is the recency order.
      this.entries.delete(collectionId);
      this.entries.set(collectionId, entry);
      return entry.loaded;
    }
    this.forget(collectionId);
    const loaded = await load();
    const size = loaded.vectors.byteLength + loaded.ids.byteLength;
    if (size > this.budgetBytes) return loaded;
    while (this.bytes + size > this.budgetBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.forget(oldest.value);
    }
    this.entries.set(collectionId, { version, loaded });
    this.bytes += size;
    return loaded;
  }

  forget(collectionId: string): void {
    const entry = this.entries.get(collectionId);
    if (!entry) return;
    this.bytes -= entry.loaded.vectors.byteLength + entry.loaded.ids.byteLength;
    this.entries.delete(collectionId);
  }
}

/** Scales a vector to length 1 (a zero vector stays as it is). */
export function normalised(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  return norm === 0 ? Float32Array.from(vector) : vector.map((value) => value / norm);
}

/** The `limit` loaded vectors closest to `query` (already length 1) by cosine similarity, best first. */
export function nearest(loaded: LoadedVectors, query: Float32Array, limit: number): Ranked[] {
  const { ids, vectors, dimensions } = loaded;
  if (query.length !== dimensions) return [];
  const best: Ranked[] = [];
  for (let row = 0; row < ids.length; row++) {
    const offset = row * dimensions;
    let dot = 0;
    for (let i = 0; i < dimensions; i++) dot += (query[i] as number) * (vectors[offset + i] as number);
    if (best.length === limit && dot <= (best[best.length - 1] as Ranked).score) continue;
    // Most rows lose to the worst kept one above; the few that win are placed by insertion.
    let at = best.length;
    while (at > 0 && (best[at - 1] as Ranked).score < dot) at--;
    best.splice(at, 0, { id: ids[row] as number, score: dot });
    if (best.length > limit) best.pop();
  }
  return best;
}
