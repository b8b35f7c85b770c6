/** At most this many items per IPC message, whatever their size. */
const MAX_ITEMS = 2000;
/**
 * About this many characters of text per message (64 KB at two bytes a character). Every
 * message is a buffer on each side of the channel, and a large one is fresh memory each
 * time (glibc maps allocations over 128 KB anew; V8 keeps strings over 128 KB on pages of
 * their own), which costs a page fault per 4 KB: 17 µs each on this project's 2-core VMs,
 * 4 ms a megabyte, three or four times per crossing. Small messages reuse memory freed by
 * the last ones, so a text crosses for little more than the copy (bench/README.md).
 */
export const MAX_CHARS = 32 * 1024;

/**
 * Gathers items into the batches that cross the IPC channel, by count and by the text each
 * item carries (documents have `text`, JSON pieces `json`; `weigh` says otherwise), so
 * neither a million short rows nor a few long pages make one message that takes long to read.
 */
export class Batcher<T> {
  private batch: T[] = [];
  private chars = 0;

  constructor(private readonly weigh: (item: T) => number = weight) {}

  /** Adds an item; gives back the batch this closed, if it closed one. */
  add(item: T): T[] | undefined {
    const size = this.weigh(item);
    let closed: T[] | undefined;
    if (this.batch.length > 0 && (this.batch.length >= MAX_ITEMS || this.chars + size > MAX_CHARS)) closed = this.rest();
    this.batch.push(item);
    this.chars += size;
    return closed;
  }

  /** The open batch, if it holds anything; the batcher starts afresh. */
  rest(): T[] | undefined {
    if (this.batch.length === 0) return undefined;
    const batch = this.batch;
    this.batch = [];
    this.chars = 0;
    return batch;
  }
}

/** A list as its batches (Batcher). */
export function* batchesOf<T>(items: readonly T[], weigh: (item: T) => number = weight): Generator<T[]> {
  const batcher = new Batcher(weigh);
  for (const item of items) {
    const closed = batcher.add(item);
    if (closed) yield closed;
  }
  const rest = batcher.rest();
  if (rest) yield rest;
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
 * serialises it on the sending thread, so a 25 MB upload goes as many short turns of the
 * event loop, not one long one, each in memory the last one freed.
 */
export function piecesOf(payload: Uint8Array | string): (Uint8Array | string)[] {
  const pieces: (Uint8Array | string)[] = [];
  const length = typeof payload === 'string' ? payload.length : payload.byteLength;
  for (let start = 0; start < length; start += MAX_CHARS) {
    pieces.push(typeof payload === 'string' ? payload.slice(start, start + MAX_CHARS) : payload.subarray(start, start + MAX_CHARS));
  }
  return pieces;
}

/** The start of a long text; the rest follows in the next items, the last part as a plain string. */
export interface TextPiece {
  readonly piece: string;
}

/** Texts as items of at most MAX_CHARS characters each: a longer text goes as pieces, then its last part. */
export function* textItems(texts: readonly string[]): Generator<string | TextPiece> {
  for (const text of texts) {
    const { pieces, last } = longText(text);
    yield* pieces;
    yield last;
  }
}

/** A text as the pieces before its last part (none when it fits one message) and that part. */
export function longText(text: string): { pieces: TextPiece[]; last: string } {
  if (text.length <= MAX_CHARS) return { pieces: [], last: text };
  const parts = piecesOf(text) as string[];
  return { pieces: parts.slice(0, -1).map((piece) => ({ piece })), last: parts.at(-1) as string };
}

/** Puts long texts back together as their items arrive (textItems, or pieces before a pack of documents). */
export class TextJoiner {
  private pending = '';

  /** Keeps a piece for the next text. */
  add(piece: TextPiece): void {
    // A rope, not a copy: V8 makes it one flat string once, when it is first read.
    this.pending += piece.piece;
  }

  /** The whole text whose last part this is. */
  end(last: string): string {
    if (this.pending === '') return last;
    const whole = this.pending + last;
    this.pending = '';
    return whole;
  }

  /** The texts of textItems' items as they arrive. */
  static async *texts(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<string> {
    const joiner = new TextJoiner();
    for await (const item of items) {
      if (isTextPiece(item)) joiner.add(item);
      else yield joiner.end(item as string);
    }
  }
}

export function isTextPiece(item: unknown): item is TextPiece {
  return typeof item === 'object' && item !== null && typeof (item as { piece?: unknown }).piece === 'string';
}
