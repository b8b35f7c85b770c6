import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import Papa from 'papaparse';
import { overLimit, TextBudget } from '../../content-work/content-limits.js';
import { decodeText } from '../decode-text.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';
import { rowText } from './row-text.js';

/**
 * CSV (and TSV: papaparse detects the delimiter): the first row is the header, every
 * later row with a value is one document of `header: value` lines. Metadata `row` is the
 * row's number as a spreadsheet program shows it (the header is row 1; a quoted value
 * spanning lines is still one row). A quote left open is a damaged file, not a guess.
 * Rows are read one at a time, and reading stops at the row limit.
 */
export async function loadCsv(file: DocumentFile, { limits }: LoadOptions): Promise<DocumentValue[]> {
  const text = await decodeText(file);
  if (text.trim() === '') throw new DocumentProblem(file.name, 'the file has only blank lines');
  const documents: DocumentValue[] = [];
  const budget = new TextBudget(file.name, limits);
  let headers: string[] | undefined;
  let row = 0;
  let problem: Error | undefined;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    step(results, parser) {
      row += 1;
      if (results.errors.some((error) => error.type === 'Quotes')) {
        problem = new DocumentProblem(file.name, `not a valid CSV file (row ${row}: a quoted value is never closed)`);
      } else if (hasValue(results.data)) {
        if (!headers) headers = results.data;
        else if (documents.length >= limits.maxRows) problem = overLimit(file.name, 'maxRows', limits);
        else {
          const rowDocument = { text: rowText(headers, results.data), metadata: { source: file.name, row } };
          budget.add(rowDocument.text.length);
          documents.push(rowDocument);
        }
      }
      if (problem) parser.abort();
    },
  });
  if (problem) throw problem;
  if (documents.length === 0) throw new DocumentProblem(file.name, 'there are no rows below the header');
  return documents;
}

function hasValue(cells: readonly string[]): boolean {
  return cells.some((cell) => cell.trim() !== '');
}
