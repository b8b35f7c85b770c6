import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import Papa from 'papaparse';
import { overLimit, TextBudget } from '../../content-work/content-limits.js';
import { decodeText } from '../decode-text.js';
import { DocumentOutlet } from '../document-outlet.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';
import { rowText } from './row-text.js';

/**
 * Characters papaparse reads at a time. Between pieces the parse can stop while the rows
 * so far are handed on (DocumentOutlet), and go on where it stood: pausing inside a piece
 * would make papaparse cut and search the rest of the text again each time.
 */
const PIECE_CHARS = 64 * 1024;

/**
 * CSV (and TSV: papaparse detects the delimiter): the first row is the header, every
 * later row with a value is one document of `header: value` lines. Metadata `row` is the
 * row's number as a spreadsheet program shows it (the header is row 1; a quoted value
 * spanning lines is still one row). A quote left open is a damaged file, not a guess.
 * Rows are read a piece of the text at a time, and reading stops at the row limit.
 */
export async function loadCsv(file: DocumentFile, { limits, onDocuments }: LoadOptions): Promise<DocumentValue[]> {
  const text = await decodeText(file);
  if (text.trim() === '') throw new DocumentProblem(file.name, 'the file has only blank lines');
  const outlet = new DocumentOutlet(onDocuments);
  const budget = new TextBudget(file.name, limits);
  let headers: string[] | undefined;
  let row = 0;
  let problem: unknown;

  const readRows = (results: Papa.ParseResult<string[]>): void => {
    const unclosed = new Set(results.errors.filter((error) => error.type === 'Quotes').map((error) => error.row));
    for (const [index, cells] of results.data.entries()) {
      row += 1;
      if (unclosed.has(index)) {
        problem = new DocumentProblem(file.name, `not a valid CSV file (row ${row}: a quoted value is never closed)`);
        return;
      }
      if (!hasValue(cells)) continue;
      if (!headers) headers = cells;
      else if (outlet.documents.length >= limits.maxRows) {
        problem = overLimit(file.name, 'maxRows', limits);
        return;
      } else {
        const rowDocument = { text: rowText(headers, cells), metadata: { source: file.name, row } };
        budget.add(rowDocument.text.length);
        outlet.push(rowDocument);
      }
    }
  };

  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(text, {
      header: false,
      skipEmptyLines: false,
      chunkSize: PIECE_CHARS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        try {
          readRows(results);
        } catch (error) {
          problem = error;
        }
        if (problem) parser.abort();
        else if (outlet.due) {
          parser.pause();
          outlet.handOn().then(
            () => parser.resume(),
            (error: unknown) => {
              problem = error;
              parser.abort();
            },
          );
        }
      },
      // Called once, at the end or on abort (papaparse calls it from abort too).
      complete: () => resolve(),
    });
  });
  if (problem) throw problem;
  if (outlet.documents.length === 0) throw new DocumentProblem(file.name, 'there are no rows below the header');
  return outlet.documents;
}

function hasValue(cells: readonly string[]): boolean {
  return cells.some((cell) => cell.trim() !== '');
}
