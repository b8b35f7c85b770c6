/** At most this many items per IPC message, whatever their size. */
const MAX_ITEMS = 2000;
/** About this many characters of text per message: reading one back costs the event loop a millisecond or two. */
const MAX_CHARS = 512 * 1024;

/**
 * Splits a list into the batches that cross the IPC channel, by count and by the text
 * each item carries (documents have `text`, JSON pieces `json`; `weigh` says otherwise), so
 * neither a million short rows nor a few long pages make one message that takes long to read.
 */
export function* batchesOf<T>(items: readonly T[], weigh: (item: T) => number = weight): Generator<T[]> {
  let batch: T[] = [];
  let chars = 0;
  for (const item of items) {
    const size = weigh(item);
    if (batch.length > 0 && (batch.length >= MAX_ITEMS || chars + size > MAX_CHARS)) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(item);
    chars += size;
  }
  if (batch.length > 0) yield batch;
}

function weight(item: unknown): number {
  if (typeof item === 'string') return item.length;
  if (ArrayBuffer.isView(item)) return item.byteLength;
  if (typeof item !== 'object' || item === null) return 16;
  const { text, json } = item as { text?: unknown; json?: unknown };
  if (typeof text === 'string') return text.length + 64;
  if (typeof json === 'string') return json.length + 64;
  return 64;
}

/**
 * A file's bytes or a long text as pieces of about one message each: writing a message
 * serialises it on the sending thread, a few milliseconds a megabyte on a busy machine, so
 * a 25 MB upload goes as 50 turns of the event loop, not one long one.
 */
export function piecesOf(payload: Uint8Array | string): (Uint8Array | string)[] {
  const pieces: (Uint8Array | string)[] = [];
  const length = typeof payload === 'string' ? payload.length : payload.byteLength;
  for (let start = 0; start < length; start += MAX_CHARS) {
    pieces.push(typeof payload === 'string' ? payload.slice(start, start + MAX_CHARS) : payload.subarray(start, start + MAX_CHARS));
  }
  return pieces;
}
