import type { DocumentValue } from '@weft/core';
import type { DocumentFile, ParseOptions } from '@weft/nodes';
import { type ContentLimits, DEFAULT_CONTENT_LIMITS, TextBudget } from '../content-work/content-limits.js';
import { type DocumentFormat, detectFormat } from './document-format.js';
import type { DocumentReceiver } from './document-outlet.js';
import { DocumentProblem } from './document-problem.js';

/** What a loader is given: the node's options and the limits of the content worker it runs in. */
export interface LoadOptions extends ParseOptions {
  readonly limits: ContentLimits;
  /**
   * Takes documents while the parse goes on (a content worker sends them to the server
   * meanwhile); loaders of many documents hand them on through a DocumentOutlet. Whatever
   * was handed on is the start of what the parse returns.
   */
  readonly onDocuments?: DocumentReceiver;
}

type Loader = (file: DocumentFile, options: LoadOptions) => Promise<DocumentValue[]>;

/**
 * Each format's reader, imported when a file of that format first arrives: the parsing
 * libraries together weigh some 60 MB of memory once loaded, which a process that never
 * reads that format should not carry.
 */
const LOADERS: Readonly<Record<DocumentFormat, () => Promise<Loader>>> = {
  text: async () => (await import('./loaders/text-loader.js')).loadText,
  markdown: async () => (await import('./loaders/text-loader.js')).loadText,
  html: async () => (await import('./loaders/html-loader.js')).loadHtml,
  json: async () => (await import('./loaders/json-loader.js')).loadJson,
  csv: async () => (await import('./loaders/csv-loader.js')).loadCsv,
  xlsx: async () => (await import('./loaders/xlsx-loader.js')).loadXlsx,
  pdf: async () => (await import('./loaders/pdf-loader.js')).loadPdf,
  docx: async () => (await import('./loaders/docx-loader.js')).loadDocx,
  feed: async () => (await import('./loaders/feed-loader.js')).loadFeed,
};

/**
 * A file's documents, read by the loader its format calls for (see document-format.ts),
 * within `limits` (the defaults when none are given). The server calls this in a content
 * worker process (content-work/), never on its own event loop.
 */
export async function parseDocument(
  file: DocumentFile,
  options: ParseOptions & { readonly limits?: ContentLimits; readonly onDocuments?: DocumentReceiver } = {},
): Promise<DocumentValue[]> {
  if (file.bytes.byteLength === 0) throw new DocumentProblem(file.name, 'the file is empty');
  const limits = options.limits ?? DEFAULT_CONTENT_LIMITS;
  const format = await detectFormat(file);
  const load = await LOADERS[format]();
  options.signal?.throwIfAborted();
  const documents = await load(file, { ...options, limits });
  // Loaders that build many documents count as they go; this covers the ones that build one.
  const budget = new TextBudget(file.name, limits);
  for (const document of documents) budget.add(document.text.length);
  return documents;
}
