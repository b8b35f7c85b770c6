import { describe, expect, it } from 'vitest';
import { cardSpan } from './card-span';

/** Columns each card takes on wide screens (of six), row by row. */
const wideRows = (count: number) => Array.from({ length: count }, (_, i) => (cardSpan(i, count).includes('lg:col-span-3') ? 3 : 2));

describe('template card spans', () => {
  it('fills every wide row: threes, and twos where threes would leave a hole', () => {
    expect(wideRows(3)).toEqual([2, 2, 2]);
    expect(wideRows(4)).toEqual([3, 3, 3, 3]);
    expect(wideRows(5)).toEqual([2, 2, 2, 3, 3]);
    expect(wideRows(6)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(wideRows(7)).toEqual([2, 2, 2, 3, 3, 3, 3]);
  });

  it('lays an odd last card across both medium columns', () => {
    expect(cardSpan(4, 5)).toContain('sm:col-span-2');
    expect(cardSpan(3, 5)).not.toContain('sm:col-span-2');
    expect(cardSpan(3, 4)).not.toContain('sm:col-span-2');
  });
});
