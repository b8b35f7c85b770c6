import type { DocumentValue } from '@weft/core';
import type { DocumentFile, ParseOptions } from '@weft/nodes';
import ExcelJS from 'exceljs';
import { looksLike, sniffKind } from '../describe-content.js';
import { DocumentProblem } from '../document-problem.js';
import { rowText } from './row-text.js';

/**
 * An Excel workbook (exceljs): one sheet, the chosen one or the first. Its first row with
 * a value is the header; every later row with a value is one document of `header: value`
 * lines, with metadata `sheet` and `row` (the row number Excel shows).
 */
export async function loadXlsx(file: DocumentFile, options: ParseOptions = {}): Promise<DocumentValue[]> {
  const workbook = await openWorkbook(file);
  const sheet = chooseSheet(file.name, workbook, options.sheet?.trim() ?? '');
  const documents: DocumentValue[] = [];
  let headers: string[] | undefined;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    const filled = Array.from(cells, (cell) => cell ?? '');
    if (!filled.some((cell) => cell.trim() !== '')) return;
    if (!headers) {
      headers = filled;
      return;
    }
    documents.push({ text: rowText(headers, filled), metadata: { source: file.name, sheet: sheet.name, row: row.number } });
  });
  if (!headers) throw new DocumentProblem(file.name, `sheet "${sheet.name}" is empty`);
  if (documents.length === 0) throw new DocumentProblem(file.name, `sheet "${sheet.name}" has no rows below its header`);
  return documents;
}

async function openWorkbook(file: DocumentFile): Promise<ExcelJS.Workbook> {
  const kind = await sniffKind(file.bytes).catch(() => undefined);
  // Office encrypts a protected workbook into an OLE container, the same kind old .xls files use.
  if (kind === 'cfb') throw new DocumentProblem(file.name, 'the workbook is password-protected or in the old .xls format; save it as .xlsx without a password');
  if (kind !== undefined && kind !== 'xlsx' && kind !== 'zip') throw new DocumentProblem(file.name, `not a valid Excel file${await looksLike(file.bytes)}`);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types say ArrayBuffer; it hands the bytes to JSZip, which takes a Uint8Array as is.
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  } catch {
    throw new DocumentProblem(file.name, 'not a valid Excel file (it may be damaged or cut short)');
  }
  if (workbook.worksheets.length === 0) throw new DocumentProblem(file.name, 'not a valid Excel file (it has no sheets)');
  return workbook;
}

function chooseSheet(fileName: string, workbook: ExcelJS.Workbook, wanted: string): ExcelJS.Worksheet {
  const sheets = workbook.worksheets;
  if (wanted === '') return sheets[0] as ExcelJS.Worksheet;
  const found = sheets.find((s) => s.name === wanted) ?? sheets.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
  if (found) return found;
  throw new DocumentProblem(fileName, `there is no sheet "${wanted}"; its sheets are ${sheets.map((s) => `"${s.name}"`).join(', ')}`);
}

/** A cell as a person reads it: formulas by their result, rich text and links by their text, dates as ISO dates. */
function cellText(cell: ExcelJS.Cell): string {
  if (cell.type === ExcelJS.ValueType.Formula) return resultText(cell.result);
  return cell.value instanceof Date ? isoDate(cell.value) : cell.text;
}

function resultText(result: ExcelJS.CellFormulaValue['result']): string {
  if (result === undefined || result === null) return '';
  if (result instanceof Date) return isoDate(result);
  if (typeof result === 'object') return String(result.error);
  return String(result);
}

function isoDate(date: Date): string {
  const iso = date.toISOString();
  // Excel dates have no zone; exceljs reads them as UTC, so midnight means "just a date".
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}
