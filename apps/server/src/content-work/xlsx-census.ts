import { type ContentLimits, count, overLimit } from './content-limits.js';

/** Worksheets as exceljs finds them in a workbook's ZIP (its own pattern, unanchored as it is). */
export const WORKSHEET_ENTRY = /xl\/worksheets\/sheet\d+[.]xml/;

/** Scanned in windows, so a sheet of hundreds of MB never becomes one string; the overlap holds any tag counted. */
const WINDOW = 8 * 1024 * 1024;
const OVERLAP = 256;

const ROW = /<(?:\w+:)?row[\s>/]/g;
const CELL = /<(?:\w+:)?c[\s>/]/g;
const MERGE = /<(?:\w+:)?mergeCell\b[^>]*?\bref="\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?"/g;

/**
 * Counts what exceljs will build from a workbook before it builds it: rows, and cells,
 * where a merged range counts every cell it covers, because exceljs makes a cell object
 * for each (Worksheet._mergeCellsInternal; 17 billion for a 1.5 KB file whose merge spans
 * the sheet). Every sheet counts: exceljs loads them all, whichever one is read.
 */
export class WorkbookCensus {
  rows = 0;
  cells = 0;
  merged = 0;

  addSheet(xml: Buffer): void {
    for (let start = 0; start < xml.byteLength; start += WINDOW) {
      const text = xml.toString('latin1', start, Math.min(xml.byteLength, start + WINDOW + OVERLAP));
      // A tag that starts in the overlap belongs to the next window.
      const inWindow = (match: RegExpExecArray) => match.index < WINDOW || start + WINDOW >= xml.byteLength;
      for (const match of text.matchAll(ROW)) if (inWindow(match)) this.rows += 1;
      for (const match of text.matchAll(CELL)) if (inWindow(match)) this.cells += 1;
      for (const match of text.matchAll(MERGE)) if (inWindow(match)) this.merged += mergedCells(match);
    }
  }

  check(subject: string, limits: ContentLimits): void {
    if (this.rows > limits.maxRows) throw overLimit(subject, 'maxRows', limits, `the workbook has ${count(this.rows)} rows`);
    const cells = this.cells + this.merged;
    if (cells > limits.maxCells) {
      const merges = this.merged > 0 ? ' (a merged range counts every cell it covers)' : '';
      throw overLimit(subject, 'maxCells', limits, `the workbook has ${count(cells)} cells${merges}`);
    }
  }
}

function mergedCells(match: RegExpExecArray): number {
  const [, fromColumn = 'A', fromRow = '1', toColumn = fromColumn, toRow = fromRow] = match;
  const columns = Math.abs(columnNumber(toColumn) - columnNumber(fromColumn)) + 1;
  const rows = Math.abs(Number(toRow) - Number(fromRow)) + 1;
  return columns * rows;
}

function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}
