/**
 * The grid classes of the landing page's template card `index` of `count`, so no row has
 * a hole: on wide screens rows of three (a six-column grid, two columns each) and, where
 * that would leave the last row part-empty, rows of two (three columns each), so five are
 * three and then two; on medium screens two a row, an odd last one across both.
 */
export function cardSpan(index: number, count: number): string {
  const inThrees = count % 3 === 0 ? count : count % 3 === 2 ? count - 2 : Math.max(0, count - 4);
  const wide = index < inThrees ? 'lg:col-span-2' : 'lg:col-span-3';
  return count % 2 === 1 && index === count - 1 ? `sm:col-span-2 ${wide}` : wide;
}
