import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import mammoth from 'mammoth';
import { tidyText } from '../decode-text.js';
import { looksLike, sniffKind } from '../describe-content.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';
import { checkOfficeZip } from './office-zip.js';

/**
 * A Word document (mammoth): one document with its text, paragraphs separated by blank
 * lines. Its ZIP passes the unpacked-size check first; mammoth's memory for what remains
 * (it builds objects per run of text) is the content worker's memory limit.
 */
export async function loadDocx(file: DocumentFile, { limits }: LoadOptions): Promise<DocumentValue[]> {
  const kind = await sniffKind(file.bytes).catch(() => undefined);
  // Word encrypts a protected document into an OLE container, the same kind old .doc files use.
  if (kind === 'cfb') throw new DocumentProblem(file.name, 'the document is password-protected or in the old .doc format; save it as .docx without a password');
  if (kind !== undefined && kind !== 'docx' && kind !== 'zip') throw new DocumentProblem(file.name, `not a valid Word file${await looksLike(file.bytes)}`);
  await checkOfficeZip(file, limits, 'Word');
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) })).value;
  } catch {
    throw new DocumentProblem(file.name, 'not a valid Word file (it may be damaged or cut short)');
  }
  const text = tidyText(raw);
  if (text === '') throw new DocumentProblem(file.name, 'the document has no text');
  return [{ text, metadata: { source: file.name } }];
}
