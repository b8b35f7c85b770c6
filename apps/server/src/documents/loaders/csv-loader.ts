import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import Papa from 'papaparse';
import { decodeText } from '../decode-text.js';
import { DocumentProblem } from '../document-problem.js';
import { rowText } from './row-text.js';

/**
 * CSV (and TSV: papaparse detects the delimiter): the first row is the header, every
 * later row with a value is one document of `header: value` lines. Metadata `row` is the
 * row's number as a spreadsheet program shows it (the header is row 1; a quoted value
 * spanning lines is still one row). A quote left open is a damaged file, not a guess.
 */
export async function loadCsv(file: DocumentFile): Promise<DocumentValue[]> {
  const text = await decodeText(file);
  if (text.trim() === '') throw new DocumentProblem(file.name, 'the file has only blank lines');
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const row = broken.row === undefined ? '' : `row ${broken.row + 1}: `;
    throw new DocumentProblem(file.name, `not a valid CSV file (${row}a quoted value is never closed)`);
  }
  const rows = parsed.data;
  const headerIndex = rows.findIndex(hasValue);
  const headers = rows[headerIndex] ?? [];
  const documents: DocumentValue[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    if (!hasValue(cells)) continue;
    documents.push({ text: rowText(headers, cells), metadata: { source: file.name, row: index + 1 } });
  }
  if (documents.length === 0) throw new DocumentProblem(file.name, 'there are no rows below the header');
  return documents;
}

function hasValue(cells: readonly string[]): boolean {
  return cells.some((cell) => cell.trim() !== '');
}
