import { describe, expect, it } from 'vitest';
import { fuseRankings, RRF_K } from './fuse-rankings.js';

const list = (...ids: number[]) => ids.map((id, i) => ({ id, score: 1 - i / 10 }));

describe('fuseRankings', () => {
  it('puts first what both lists rank well, and scores first-in-both as 1', () => {
    const fused = fuseRankings([list(1, 2, 3), list(2, 4, 1)]);
    expect(fused.map((hit) => hit.id)).toEqual([2, 1, 4, 3]);
    expect(fuseRankings([list(7, 8), list(7, 9)])[0]).toEqual({ id: 7, score: 1 });
  });

  it('uses ranks only: the scores of either list do not matter', () => {
    const a = fuseRankings([
      list(1, 2),
      [
        { id: 2, score: 900 },
        { id: 1, score: 0.001 },
      ],
    ]);
    const b = fuseRankings([list(1, 2), list(2, 1)]);
    expect(a).toEqual(b);
  });

  it('scores a chunk found by one list alone as its share of the best sum', () => {
    const [, only] = fuseRankings([list(1), list(1, 5)]);
    expect(only).toEqual({ id: 5, score: 1 / (RRF_K + 2) / (2 / (RRF_K + 1)) });
  });

  it('fuses empty lists to nothing', () => {
    expect(fuseRankings([[], []])).toEqual([]);
  });
});
