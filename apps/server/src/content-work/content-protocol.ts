import type { FeedEntry, SplitOptions } from '@weft/nodes';
import type { TextPiece } from './content-batches.js';
import type { ContentLimit, ContentLimits } from './content-limits.js';
import type { JsonPiece } from './json-pieces.js';
import type { PackedChunks, PackedDocuments } from './packing.js';

/**
 * Messages between the content pool (the server's process) and a content worker (a child
 * process), sent over Node's IPC channel with `serialization: 'advanced'` (the V8
 * serializer), so a file's bytes cross as a Uint8Array. Long lists cross in batches both
 * ways: no single message takes the server's event loop long to write or read.
 */

/**
 * The work itself. A task's bulk (a file's bytes, a JSON text, the documents to split) is
 * its input, sent in pieces after it. The one state a worker keeps between tasks is the
 * texts of its last parse that asked to be kept (`keep`), so the split that usually
 * follows names them (`held`) instead of sending them back (bench/README.md: the hop).
 */
export type ContentTask =
  /**
   * A file into documents (the Document Loader); input: the file's bytes in pieces. With
   * `keep`, the worker keeps the documents' texts under that key until its next such parse.
   */
  | { readonly kind: 'parse'; readonly name: string; readonly mimeType?: string; readonly sheet?: string; readonly keep?: number }
  /**
   * Documents' texts into chunks (the Text Splitter): `count` texts sent as input (long ones
   * in pieces), or, with `held`, the texts this worker kept from a parse, by their indexes.
   */
  | {
      readonly kind: 'split';
      readonly options: Omit<SplitOptions, 'signal'>;
      readonly count: number;
      readonly held?: { readonly key: number; readonly indexes: readonly number[] };
    }
  /** An e-mail's HTML body sanitised, and its plain-text part (Send E-mail). */
  | { readonly kind: 'mail-html'; readonly html: string; readonly text?: string; readonly subject: string }
  /** JSON text checked (depth, syntax) and, with `keep`, sent back as pieces (HTTP Request answers, uploads); input: the text in pieces. */
  | { readonly kind: 'json'; readonly subject: string; readonly keep: boolean }
  /** An RSS or Atom feed's entries (Read Feed), sent back in batches, its title as the result; input: the feed's bytes in pieces. */
  | { readonly kind: 'feed'; readonly name: string; readonly mimeType?: string; readonly text: 'summary' | 'content' };

/** What each task sends back in batches, and what it ends with. */
export interface ContentTaskResults {
  /** `kept`: the texts stayed in the worker (a parse with `keep`, not too long to hold). */
  parse: { readonly item: PackedDocuments | TextPiece; readonly result: { readonly kept: boolean } };
  split: { readonly item: PackedChunks; readonly result: undefined };
  'mail-html': { readonly item: never; readonly result: { readonly html: string; readonly text: string } };
  json: { readonly item: JsonPiece; readonly result: undefined };
  feed: { readonly item: FeedEntry; readonly result: { readonly title: string } };
}

export type ToWorker =
  | { readonly type: 'task'; readonly id: number; readonly task: ContentTask; readonly limits: ContentLimits; readonly inputBatches: number }
  /** The task's input list (the documents to split), one batch per message after the task. */
  | { readonly type: 'input'; readonly id: number; readonly items: readonly unknown[] };

/** An error as it crosses the process boundary; the pool makes it the matching class again (content-errors.ts). */
export type WireError =
  | { readonly kind: 'limit'; readonly subject: string; readonly limit: ContentLimit; readonly problem: string }
  | { readonly kind: 'document'; readonly fileName: string; readonly problem: string }
  | { readonly kind: 'syntax'; readonly message: string }
  | { readonly kind: 'other'; readonly message: string };

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'batch'; readonly id: number; readonly items: readonly unknown[] }
  | { readonly type: 'done'; readonly id: number; readonly result: unknown }
  | { readonly type: 'failed'; readonly id: number; readonly error: WireError };
