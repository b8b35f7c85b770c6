/** The usual constant of reciprocal rank fusion: dampens the gap between the first few ranks. */
export const RRF_K = 60;

export interface Ranked {
  readonly id: number;
  readonly score: number;
}

/**
 * Reciprocal rank fusion: each list gives a chunk 1 / (RRF_K + rank), and the sums order the
 * result. Only ranks count, so cosine similarities and BM25 values, which share no scale,
 * merge fairly. Scores are divided by the best possible sum (first in every list), so 1 is
 * "first everywhere" and a minimum score means the same whatever the lists' lengths.
 */
export function fuseRankings(lists: readonly (readonly Ranked[])[]): Ranked[] {
  const sums = new Map<number, number>();
  for (const list of lists) {
    for (const [index, item] of list.entries()) sums.set(item.id, (sums.get(item.id) ?? 0) + 1 / (RRF_K + index + 1));
  }
  const best = lists.length / (RRF_K + 1);
  return [...sums.entries()].map(([id, sum]) => ({ id, score: sum / best })).sort((a, b) => b.score - a.score || a.id - b.id);
}
