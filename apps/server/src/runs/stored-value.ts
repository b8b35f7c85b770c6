/**
 * Bounds what a run keeps of a value: anything bigger than 64 KB as JSON is stored as a
 * visible note with a preview instead (docs/API.md), so one huge LLM answer or HTTP body
 * cannot bloat the history or the live stream.
 */
export const MAX_STORED_BYTES = 64 * 1024;
export const PREVIEW_CHARS = 4 * 1024;

export interface TruncatedValue {
  $truncated: true;
  /** The first 4 KB of the value as text (JSON for anything but text). */
  preview: string;
  /** Size of the whole value as UTF-8 text. */
  bytes: number;
}

/**
 * Below this many characters a value cannot reach the limit, even if JSON escaping makes
 * every character six bytes (`\u0000`); most values stop here without being serialised.
 */
const SURELY_SMALL = Math.floor(MAX_STORED_BYTES / 6);
/** Deeper than this counts as big, which sends the value to the exact check. */
const MAX_DEPTH = 64;

/** The value itself when it is small enough, else a {@link TruncatedValue}. */
export function limitValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value !== 'string' || value.length <= SURELY_SMALL) return value;
  } else if (roughSize(value, 0, 0) <= SURELY_SMALL) {
    return value;
  }
  return exactLimit(value);
}

/** Applies {@link limitValue} to each entry; the same object back when nothing changed. */
export function limitRecord(record: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    const value = record[key];
    const limited = limitValue(value);
    if (limited === value) continue;
    copy ??= { ...record };
    copy[key] = limited;
  }
  return copy ?? record;
}

export function isTruncated(value: unknown): value is TruncatedValue {
  return typeof value === 'object' && value !== null && (value as { $truncated?: unknown }).$truncated === true;
}

function exactLimit(value: unknown): unknown {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  } catch {
    // Cycles and BigInts cannot be stored as JSON; keep a note rather than fail the run.
    return { $truncated: true, preview: '[a value that cannot be written as JSON]', bytes: 0 } satisfies TruncatedValue;
  }
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_STORED_BYTES) return value;
  return { $truncated: true, preview: text.slice(0, PREVIEW_CHARS), bytes } satisfies TruncatedValue;
}

/** Characters the value takes as JSON, roughly; stops counting once past {@link SURELY_SMALL}. */
function roughSize(value: unknown, depth: number, sofar: number): number {
  if (typeof value === 'string') return sofar + value.length + 2;
  // A BigInt cannot be written as JSON: the exact check turns it into a note.
  if (typeof value === 'bigint') return Number.POSITIVE_INFINITY;
  if (value === null || typeof value !== 'object') return sofar + 8;
  if (depth > MAX_DEPTH) return Number.POSITIVE_INFINITY;
  let size = sofar + 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      size = roughSize(item, depth + 1, size + 1);
      if (size > SURELY_SMALL) return size;
    }
    return size;
  }
  for (const key in value) {
    size = roughSize((value as Record<string, unknown>)[key], depth + 1, size + key.length + 4);
    if (size > SURELY_SMALL) return size;
  }
  return size;
}
