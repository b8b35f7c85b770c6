import { describe, expect, it } from 'vitest';
import { type LoadedVectors, nearest, normalised, VectorCache } from './vector-cache.js';

/** Two-dimension vectors at the given angles (degrees), ids 1, 2, … */
function loaded(...degrees: number[]): LoadedVectors {
  const vectors = new Float32Array(degrees.flatMap((d) => [Math.cos((d * Math.PI) / 180), Math.sin((d * Math.PI) / 180)]));
  return { ids: Float64Array.from(degrees.map((_, i) => i + 1)), vectors, dimensions: 2 };
}

describe('VectorCache', () => {
  it('loads once per version and again when the version changes', async () => {
    const cache = new VectorCache(1024);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loaded(0, 90);
    };
    await cache.get('a', 'v1', load);
    await cache.get('a', 'v1', load);
    expect(loads).toBe(1);
    await cache.get('a', 'v2', load);
    expect(loads).toBe(2);
    cache.forget('a');
    await cache.get('a', 'v2', load);
    expect(loads).toBe(3);
  });

  it('lets the least recently used go when the budget is spent, and keeps nothing bigger than it', async () => {
    // Each entry: 2 vectors × 2 floats × 4 bytes + 2 ids × 8 bytes = 32 bytes.
    const cache = new VectorCache(64);
    const loads: string[] = [];
    const get = (id: string) =>
      cache.get(id, 'v', async () => {
        loads.push(id);
        return loaded(0, 90);
      });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    const tiny = new VectorCache(16);
    await tiny.get('big', 'v', async () => loaded(0, 90));
    let again = false;
    await tiny.get('big', 'v', async () => {
      again = true;
      return loaded(0, 90);
    });
    expect(again).toBe(true);
  });
});

describe('nearest', () => {
  it('returns the closest by cosine similarity, best first, at most `limit`', () => {
    const hits = nearest(loaded(0, 80, 10, 180, 45), normalised(Float32Array.of(2, 0)), 3);
    expect(hits.map((h) => h.id)).toEqual([1, 3, 5]);
    expect(hits[0]?.score).toBeCloseTo(1, 6);
    expect(hits[2]?.score).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('finds nothing for a query of another length', () => {
    expect(nearest(loaded(0), Float32Array.of(1, 0, 0), 3)).toEqual([]);
  });
});
