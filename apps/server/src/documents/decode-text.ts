import type { DocumentFile } from '@weft/nodes';
import { looksLike } from './describe-content.js';
import { DocumentProblem } from './document-problem.js';

/** How far we look for NUL bytes: text files have none, binary files almost always do early on. */
const SNIFF_BYTES = 8000;

/**
 * The text of a text-based file (plain, Markdown, CSV, JSON, HTML). UTF-8 unless a byte
 * order mark says UTF-16; bytes that are not valid UTF-8 are read as Windows-1252, which
 * is what spreadsheet programs on Windows write CSV in. A file with NUL bytes is binary,
 * whatever its name says.
 */
export async function decodeText(file: DocumentFile): Promise<string> {
  const { bytes } = file;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    throw new DocumentProblem(file.name, `not a text file${await looksLike(bytes)}`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Line ends as \n, no trailing spaces on lines, at most one blank line in a row: what splitting and embedding want. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
