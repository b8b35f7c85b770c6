import type { DocumentValue } from '@weft/core';
import type { DocumentFile, ParseOptions } from '@weft/nodes';
import { type DocumentFormat, detectFormat } from './document-format.js';
import { DocumentProblem } from './document-problem.js';

type Loader = (file: DocumentFile, options: ParseOptions) => Promise<DocumentValue[]>;

/**
 * Each format's reader, imported when a file of that format first arrives: the parsing
 * libraries together weigh some 60 MB of memory once loaded, which a server that never
 * loads documents should not carry.
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
};

/** A file's documents, read by the loader its format calls for (see document-format.ts). */
export async function parseDocument(file: DocumentFile, options: ParseOptions = {}): Promise<DocumentValue[]> {
  if (file.bytes.byteLength === 0) throw new DocumentProblem(file.name, 'the file is empty');
  const format = await detectFormat(file);
  const load = await LOADERS[format]();
  options.signal?.throwIfAborted();
  return load(file, options);
}
