import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import ExcelJS from 'exceljs';
import { type ContentLimits, TextBudget } from '../../content-work/content-limits.js';
import { WORKSHEET_ENTRY, WorkbookCensus } from '../../content-work/xlsx-census.js';
import { looksLike, sniffKind } from '../describe-content.js';
import { DocumentOutlet } from '../document-outlet.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';
import { checkOfficeZip } from './office-zip.js';
import { rowText } from './row-text.js';

/**
 * An Excel workbook (exceljs): one sheet, the chosen one or the first. Its first row with
 * a value is the header; every later row with a value is one document of `header: value`
 * lines, with metadata `sheet` and `row` (the row number Excel shows). A merged range's
 * value is repeated in each row it covers, so every row's document says it.
 */
export async function loadXlsx(file: DocumentFile, options: LoadOptions): Promise<DocumentValue[]> {
  const workbook = await openWorkbook(file, options.limits);
  const sheet = chooseSheet(file.name, workbook, options.sheet?.trim() ?? '');
  const outlet = new DocumentOutlet(options.onDocuments);
  const budget = new TextBudget(file.name, options.limits);
  let headers: string[] | undefined;
  // The rows first (references only), then a document each, handed on a batch at a time while the next is read.
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push(row);
  });
  for (const row of rows) {
    // Sparse, as the sheet is: a cell in column XFD must not make 16,384 empty ones.
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    if (!cells.some((cell) => cell.trim() !== '')) continue;
    if (!headers) {
      headers = cells;
      continue;
    }
    const text = rowText(headers, cells);
    budget.add(text.length);
    outlet.push({ text, metadata: { source: file.name, sheet: sheet.name, row: row.number } });
    if (outlet.due) await outlet.handOn();
  }
  if (!headers) throw new DocumentProblem(file.name, `sheet "${sheet.name}" is empty`);
  if (outlet.documents.length === 0) throw new DocumentProblem(file.name, `sheet "${sheet.name}" has no rows below its header`);
  return outlet.documents;
}

/**
 * The workbook, once its ZIP has passed the unpacked-size check and its sheets the row and
 * cell count (merged ranges included), so exceljs never starts on a file it would drown in.
 */
async function openWorkbook(file: DocumentFile, limits: ContentLimits): Promise<ExcelJS.Workbook> {
  const kind = await sniffKind(file.bytes).catch(() => undefined);
  // Office encrypts a protected workbook into an OLE container, the same kind old .xls files use.
  if (kind === 'cfb') throw new DocumentProblem(file.name, 'the workbook is password-protected or in the old .xls format; save it as .xlsx without a password');
  if (kind !== undefined && kind !== 'xlsx' && kind !== 'zip') throw new DocumentProblem(file.name, `not a valid Excel file${await looksLike(file.bytes)}`);
  const census = new WorkbookCensus();
  await checkOfficeZip(file, limits, 'Excel', { wanted: (name) => WORKSHEET_ENTRY.test(name), entry: (_name, xml) => census.addSheet(xml) });
  census.check(file.name, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types say ArrayBuffer; it hands the bytes to JSZip, which takes a Uint8Array as is.
    // Data validations are left out: they say nothing readable, and exceljs copies one per cell of each range.
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer, { ignoreNodes: ['dataValidations'] });
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
