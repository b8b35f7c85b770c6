/**
 * Unique node labels (SPEC.md section 4): a second "Text Input" becomes "Text Input #2",
 * then " #3" and so on. The counter per base label only grows until the workflow is
 * loaded or cleared, so a deleted "#2" is not handed out again in the same session;
 * labels already on the canvas are skipped, so a loaded workflow never gets duplicates.
 */
export type LabelCounters = Record<string, number>;

const SUFFIX = / #(\d+)$/;

/** "Text Input #3" → "Text Input". */
export function baseLabel(label: string): string {
  return label.replace(SUFFIX, '');
}

function numbered(base: string, n: number): string {
  return n === 1 ? base : `${base} #${n}`;
}

/**
 * The next free label for `wanted` and the counters after taking it. Pure: the caller
 * stores the returned counters and adds the label to `taken` if it places several nodes.
 */
export function nextLabel(wanted: string, taken: ReadonlySet<string>, counters: LabelCounters): { label: string; counters: LabelCounters } {
  const base = baseLabel(wanted.trim()) || 'Node';
  let n = (counters[base] ?? 0) + 1;
  while (taken.has(numbered(base, n))) n += 1;
  return { label: numbered(base, n), counters: { ...counters, [base]: n } };
}

/** Labels for several new nodes at once, each unique against the canvas and each other. */
export function assignLabels(wanted: readonly string[], existing: Iterable<string>, counters: LabelCounters): { labels: string[]; counters: LabelCounters } {
  const taken = new Set(existing);
  let current = counters;
  const labels = wanted.map((w) => {
    const next = nextLabel(w, taken, current);
    taken.add(next.label);
    current = next.counters;
    return next.label;
  });
  return { labels, counters: current };
}
