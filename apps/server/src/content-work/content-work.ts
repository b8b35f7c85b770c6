import type { ChunkValue, DocumentValue } from '@weft/core';
import type { DocumentFile, Feed, FeedEntry, FeedOptions, ParseOptions, SplitOptions } from '@weft/nodes';
import { checkSplitOptions, splitSubject } from '../documents/split-options.js';
import { piecesOf, textItems } from './content-batches.js';
import type { ContentLimits } from './content-limits.js';
import { ContentPool } from './content-pool.js';
import type { ContentPoolOptions } from './content-pool-options.js';
import { JsonAssembly } from './json-assembly.js';
import { checkJsonDepth } from './json-depth.js';
import { DocumentUnpacker, unpackChunks } from './packing.js';

/**
 * JSON texts up to this many characters are parsed on the event loop: at about 25 ms a
 * megabyte on a busy 2-core machine that is at most 6 ms, less than a worker round trip
 * costs once the hop waits behind a long parse (and a first task waits for a worker to
 * start, 100 ms or more). The depth check runs first either way.
 */
export const INLINE_JSON_CHARS = 256 * 1024;

/** Names a mail body in limit errors: `The HTML body: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)`. */
const MAIL_HTML_SUBJECT = 'The HTML body';

export interface WorkOptions {
  /** Whose work it is (a user id): waiting work is served round-robin between owners. */
  readonly owner?: string;
  readonly signal?: AbortSignal;
}

/**
 * What the server hands to its content workers (content-pool.ts), in the callers' terms:
 * documents to parse and split, mail HTML to clean, JSON to parse or check. Each call
 * names its subject, so a limit or a stopped worker reads as `big.xlsx: reading it needed
 * more than 512 MB of memory (WEFT_CONTENT_MEMORY_MB)`. Results come back in batches,
 * gathered here one message at a time.
 */
export class ContentWork {
  private readonly pool: ContentPool;
  /**
   * Where each parsed document's text was kept (the worker's key, its index), so a split of
   * the same documents names them instead of sending them again. Weak: a run's documents go
   * when it does. The text is compared too: a document changed since (a Code node) is sent.
   */
  private readonly kept = new WeakMap<DocumentValue, { readonly key: number; readonly index: number; readonly text: string }>();
  private nextKey = 1;

  constructor(options: ContentPoolOptions = {}) {
    this.pool = new ContentPool(options);
  }

  get limits(): ContentLimits {
    return this.pool.limits;
  }

  /** The Document Loader's parse (documents/parse-document.ts), in a worker. */
  async parseDocument(file: DocumentFile, options: ParseOptions & WorkOptions = {}): Promise<DocumentValue[]> {
    const documents = new DocumentUnpacker();
    const keep = this.nextKey++;
    const task = { kind: 'parse', name: file.name, mimeType: file.mimeType, sheet: options.sheet, keep } as const;
    const { kept } = await this.pool.run(task, {
      subject: file.name,
      doing: 'reading it',
      ...work(options),
      input: piecesOf(file.bytes),
      keep,
      onBatch: (items) => {
        for (const item of items) documents.add(item);
      },
    });
    if (kept) {
      for (const [index, document] of documents.documents.entries()) this.kept.set(document, { key: keep, index, text: document.text });
    }
    return documents.documents;
  }

  /** Read Feed's parse (documents/loaders/feed-loader.ts), in a worker: the entries arrive in batches, the title last. */
  async readFeed(file: DocumentFile, options: FeedOptions & WorkOptions = {}): Promise<Feed> {
    const entries: FeedEntry[] = [];
    const task = { kind: 'feed', name: file.name, mimeType: file.mimeType, text: options.text ?? 'summary' } as const;
    const { title } = await this.pool.run(task, {
      subject: file.name,
      doing: 'reading the feed',
      ...work(options),
      input: piecesOf(file.bytes),
      onBatch: (items) => {
        entries.push(...items);
      },
    });
    return { title, entries };
  }

  /** The Text Splitter's split (documents/split-documents.ts), in a worker; bad sizes are refused here first. */
  async splitDocuments(documents: readonly DocumentValue[], options: SplitOptions & WorkOptions): Promise<ChunkValue[]> {
    checkSplitOptions(options);
    if (documents.length === 0) return [];
    const chunks: ChunkValue[] = [];
    const { chunkSize, chunkOverlap, splitOn } = options;
    const subject = splitSubject(documents.length);
    const task = { kind: 'split', options: { chunkSize, chunkOverlap, splitOn }, count: documents.length } as const;
    const held = this.heldPlaces(documents);
    await this.pool.run(task, {
      subject,
      doing: 'splitting them',
      ...work(options),
      ...(held ? { reuse: { key: held.key, task: { ...task, held } } } : {}),
      // Texts only, long ones in pieces: each chunk comes back as its place in its document, which is here (packing.ts).
      input: () => [...textItems(documents.map((document) => document.text))],
      onBatch: (packs) => {
        for (const pack of packs) unpackChunks(pack, documents, chunks);
      },
    });
    return chunks;
  }

  /** The key and indexes of documents all kept by one parse and unchanged since, if they are. */
  private heldPlaces(documents: readonly DocumentValue[]): { key: number; indexes: number[] } | undefined {
    const first = this.kept.get(documents[0] as DocumentValue);
    if (!first) return undefined;
    const indexes: number[] = [];
    for (const document of documents) {
      const place = this.kept.get(document);
      if (place?.key !== first.key || place.text !== document.text) return undefined;
      indexes.push(place.index);
    }
    return { key: first.key, indexes };
  }

  /** An e-mail's HTML body sanitised, and its plain-text part unless `text` is given (Send E-mail). */
  cleanMailHtml(html: string, text: string | undefined, options: WorkOptions = {}): Promise<{ html: string; text: string }> {
    return this.pool.run({ kind: 'mail-html', html, text, subject: MAIL_HTML_SUBJECT }, { subject: MAIL_HTML_SUBJECT, doing: 'cleaning it', ...work(options) });
  }

  /**
   * JSON.parse within the depth limit; large texts in a worker, their value sent back in
   * pieces parsed one at a time (json-pieces.ts). Invalid JSON throws a SyntaxError.
   */
  async parseJson(text: string, options: WorkOptions & { readonly subject: string }): Promise<unknown> {
    if (text.length <= INLINE_JSON_CHARS) {
      checkJsonDepth(text, options.subject, this.limits);
      return JSON.parse(text);
    }
    const assembly = new JsonAssembly();
    await this.pool.run(
      { kind: 'json', subject: options.subject, keep: true },
      {
        subject: options.subject,
        doing: 'parsing its JSON',
        ...work(options),
        input: piecesOf(text),
        onBatch: (pieces) => {
          for (const piece of pieces) assembly.add(piece);
        },
      },
    );
    return assembly.value;
  }

  /** Whether a text is JSON within the depth limit (an upload's check), nothing kept. Throws a SyntaxError or ContentLimitError. */
  async checkJson(text: string, options: WorkOptions & { readonly subject: string }): Promise<void> {
    if (text.length <= INLINE_JSON_CHARS) {
      checkJsonDepth(text, options.subject, this.limits);
      JSON.parse(text);
      return;
    }
    await this.pool.run(
      { kind: 'json', subject: options.subject, keep: false },
      { subject: options.subject, doing: 'checking it', ...work(options), input: piecesOf(text) },
    );
  }

  /** The workers' process ids, whether each has a task and keeps a parse's texts (tests, diagnostics). */
  describeWorkers(): { pid: number | undefined; busy: boolean; holding: boolean }[] {
    return this.pool.describeWorkers();
  }

  /** Stops every worker; work still waiting or running fails as shut down. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

function work({ owner, signal }: WorkOptions): WorkOptions {
  return { ...(owner === undefined ? {} : { owner }), ...(signal === undefined ? {} : { signal }) };
}
