import type { DocumentFile } from '@weft/nodes';
import { sniffKind } from './describe-content.js';
import { DocumentProblem } from './document-problem.js';
import { looksLikeFeed } from './loaders/feed-sniff.js';

export type DocumentFormat = 'text' | 'markdown' | 'html' | 'json' | 'csv' | 'xlsx' | 'pdf' | 'docx' | 'feed';

const BY_EXTENSION: Readonly<Record<string, DocumentFormat>> = {
  txt: 'text',
  text: 'text',
  log: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  json: 'json',
  csv: 'csv',
  tsv: 'csv',
  xlsx: 'xlsx',
  pdf: 'pdf',
  docx: 'docx',
  rss: 'feed',
  atom: 'feed',
};

const BY_MIME_TYPE: Readonly<Record<string, DocumentFormat>> = {
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/xml': 'html',
  'application/xml': 'html',
  'application/json': 'json',
  'application/rss+xml': 'feed',
  'application/atom+xml': 'feed',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Formats people try that we do not read, with what to do instead. */
const REFUSED_EXTENSIONS: Readonly<Record<string, string>> = {
  doc: 'old Word files (.doc) cannot be read: save it as .docx and upload that',
  xls: 'old Excel files (.xls) cannot be read: save it as .xlsx and upload that',
  ppt: 'PowerPoint files cannot be read: save the slides as PDF and upload that',
  pptx: 'PowerPoint files cannot be read: save the slides as PDF and upload that',
  rtf: 'RTF files cannot be read: save it as .docx or .txt and upload that',
  odt: 'OpenDocument files cannot be read: save it as .docx and upload that',
  ods: 'OpenDocument spreadsheets cannot be read: save it as .xlsx and upload that',
};

export const SUPPORTED_FORMATS_TEXT = '.txt, .md, .html, .json, .csv, .xlsx, .pdf and .docx';

const SNIFFED: Readonly<Record<string, DocumentFormat>> = { pdf: 'pdf', docx: 'docx', xlsx: 'xlsx' };

/**
 * Which reader a file goes to. An upload goes by its name's extension first: the name is
 * what its owner chose, and a type detected from content cannot tell CSV from plain text.
 * A web page (its name is its URL) goes by its Content-Type first: a URL's path often has
 * no extension, or one that says nothing about what the server sends; a page whose root
 * element is a feed's is read as a feed whatever its type. Failing both, the content's
 * signature decides, and a file that is neither known nor text is refused.
 */
export async function detectFormat(file: DocumentFile): Promise<DocumentFormat> {
  const extension = extensionOf(file.name);
  const refused = extension ? REFUSED_EXTENSIONS[extension] : undefined;
  if (refused) throw new DocumentProblem(file.name, refused);
  const byName = extension ? BY_EXTENSION[extension] : undefined;
  const byType = mimeTypeFormat(file.mimeType);
  const chosen = isUrl(file.name) ? (byType ?? byName) : (byName ?? byType);
  // A feed served as XML, HTML or text (many are): its root element says so. An upload
  // keeps the format its name gives; a web page or an XML type is looked at.
  if ((chosen === 'html' || chosen === 'text') && (isUrl(file.name) || isXmlType(file.mimeType)) && looksLikeFeed(file.bytes)) return 'feed';
  if (chosen) return chosen;
  const sniffed = await sniffKind(file.bytes);
  if (sniffed && SNIFFED[sniffed]) return SNIFFED[sniffed];
  if (sniffed === undefined) return 'text';
  throw new DocumentProblem(file.name, `this kind of file (.${sniffed}) cannot be read; the Document Loader reads ${SUPPORTED_FORMATS_TEXT}`);
}

function mimeTypeFormat(mimeType: string | undefined): DocumentFormat | undefined {
  if (!mimeType) return undefined;
  const essence = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (BY_MIME_TYPE[essence]) return BY_MIME_TYPE[essence];
  if (essence.endsWith('+json')) return 'json';
  if (essence.endsWith('+xml')) return 'html';
  return undefined;
}

function isXmlType(mimeType: string | undefined): boolean {
  const essence = mimeType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'text/xml' || essence === 'application/xml' || essence.endsWith('+xml');
}

function isUrl(name: string): boolean {
  return /^https?:\/\//i.test(name);
}

/** Lower-case extension without the dot; for a URL, of its path (the query and fragment say nothing). */
function extensionOf(name: string): string | undefined {
  let path = name;
  if (isUrl(name)) {
    try {
      path = new URL(name).pathname;
    } catch {
      return undefined;
    }
  }
  const match = /\.([a-z0-9]{1,10})$/i.exec(path);
  return match?.[1]?.toLowerCase();
}
