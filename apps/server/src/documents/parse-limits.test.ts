import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_LIMITS } from '../content-work/content-limits.js';
import { mergedCellBombXlsx, nestedHtml, nestedJson, unpackBombXlsx, wideJson, xlsxOfSheetData } from '../test-support/malicious-documents.js';
import { samplePdf, sampleXlsx, utf8 } from '../test-support/sample-documents.js';
import { parseDocument } from './parse-document.js';
import { splitDocuments } from './split-documents.js';

/**
 * Each loader's limits, in process: the content worker runs the same code, and what a
 * worker adds (memory, time, the process) is tested in content-work/.
 */
const limits = (changes: Partial<typeof DEFAULT_CONTENT_LIMITS>) => ({ limits: { ...DEFAULT_CONTENT_LIMITS, ...changes } });

describe('document limits', () => {
  it('refuses a workbook whose merged range covers the sheet before exceljs builds its cells', async () => {
    const bytes = mergedCellBombXlsx();
    expect(bytes.byteLength).toBeLessThan(2000);
    await expect(parseDocument({ name: 'merged.xlsx', bytes })).rejects.toThrow(
      'merged.xlsx: the workbook has 17,177,739,272 cells (a merged range counts every cell it covers); the limit is 200,000 cells (WEFT_CONTENT_MAX_CELLS)',
    );
  });

  it('counts every sheet of a workbook against the rows and cells limits', async () => {
    const bytes = await sampleXlsx({ A: [['h'], ['1'], ['2']], B: [['h'], ['3'], ['4']] });
    await expect(parseDocument({ name: 'two.xlsx', bytes }, limits({ maxRows: 5 }))).rejects.toThrow(
      'two.xlsx: the workbook has 6 rows; the limit is 5 rows (WEFT_CONTENT_MAX_ROWS)',
    );
    await expect(parseDocument({ name: 'two.xlsx', bytes }, limits({ maxCells: 5 }))).rejects.toThrow(
      'two.xlsx: the workbook has 6 cells; the limit is 5 cells (WEFT_CONTENT_MAX_CELLS)',
    );
    expect(await parseDocument({ name: 'two.xlsx', bytes }, limits({ maxRows: 6, maxCells: 6 }))).toHaveLength(2);
  });

  it('reads a cell in the last column (XFD), naming it by its column number', async () => {
    const far = `<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Ada</t></is></c><c r="XFD2" t="inlineStr"><is><t>far</t></is></c></row>`;
    const documents = await parseDocument({ name: 'wide.xlsx', bytes: xlsxOfSheetData(far) });
    expect(documents).toEqual([{ text: 'name: Ada\nColumn 16384: far', metadata: { source: 'wide.xlsx', sheet: 'Sheet1', row: 2 } }]);
  });

  it('refuses a workbook that unpacks past the limit, and one whose ZIP lies about it', async () => {
    await expect(parseDocument({ name: 'bomb.xlsx', bytes: unpackBombXlsx(1024) })).rejects.toThrow(
      'bomb.xlsx: it unpacks to 1,024 MB; the limit is 256 MB (WEFT_CONTENT_MAX_UNPACKED_MB)',
    );
    await expect(parseDocument({ name: 'liar.xlsx', bytes: unpackBombXlsx(1024, true) })).rejects.toThrow(
      'liar.xlsx: not a valid Excel file (a part of it unpacks to more than the file declares, as zip bombs do)',
    );
  });

  it('refuses a PDF with more pages than the limit before reading one', async () => {
    await expect(parseDocument({ name: 'long.pdf', bytes: await samplePdf(['one', 'two', 'three']) }, limits({ maxPages: 2 }))).rejects.toThrow(
      'long.pdf: the PDF has 3 pages; the limit is 2 pages (WEFT_CONTENT_MAX_PAGES)',
    );
  });

  it('stops CSV at the row limit and JSON lists at the same limit', async () => {
    const csv = utf8(`a\n${Array.from({ length: 10 }, (_, index) => `${index}`).join('\n')}`);
    await expect(parseDocument({ name: 'rows.csv', bytes: csv }, limits({ maxRows: 9 }))).rejects.toThrow(
      'rows.csv: it has more than 9 rows (WEFT_CONTENT_MAX_ROWS)',
    );
    expect(await parseDocument({ name: 'rows.csv', bytes: csv }, limits({ maxRows: 10 }))).toHaveLength(10);
    await expect(parseDocument({ name: 'wide.json', bytes: utf8(wideJson(300_000)) })).rejects.toThrow(
      'wide.json: the list has 300,000 items; the limit is 200,000 rows (WEFT_CONTENT_MAX_ROWS)',
    );
  });

  it('refuses JSON and HTML nested past the depth limit before parsing them', async () => {
    await expect(parseDocument({ name: 'deep.json', bytes: utf8(nestedJson(100_000)) })).rejects.toThrow(
      'deep.json: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)',
    );
    await expect(parseDocument({ name: 'deep.html', bytes: utf8(nestedHtml(700_000)) })).rejects.toThrow(
      'deep.html: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)',
    );
    expect(await parseDocument({ name: 'fine.html', bytes: utf8(nestedHtml(500)) })).toEqual([{ text: 'deep', metadata: { source: 'fine.html' } }]);
  });

  it('stops a split whose overlap repeats text past the character limit', async () => {
    const documents = [{ text: 'word '.repeat(400), metadata: { source: 'a.txt' } }];
    // 2,000 characters in chunks of 100 advancing 10 at a time: some 20,000 out.
    await expect(
      splitDocuments(documents, { chunkSize: 100, chunkOverlap: 90, splitOn: 'characters', limits: { ...DEFAULT_CONTENT_LIMITS, maxChars: 10_000 } }),
    ).rejects.toThrow('1 document: the chunks come to more than 10,000 characters (WEFT_CONTENT_MAX_CHARS)');
    expect(
      await splitDocuments(documents, { chunkSize: 100, chunkOverlap: 0, splitOn: 'characters', limits: { ...DEFAULT_CONTENT_LIMITS, maxChars: 10_000 } }),
    ).toHaveLength(20);
  });

  it('stops at the character limit, whatever the format', async () => {
    await expect(parseDocument({ name: 'long.txt', bytes: utf8('word '.repeat(30)) }, limits({ maxChars: 100 }))).rejects.toThrow(
      'long.txt: the text is longer than 100 characters (WEFT_CONTENT_MAX_CHARS)',
    );
    const csv = utf8(`a\n${'row text\n'.repeat(50)}`);
    await expect(parseDocument({ name: 'rows.csv', bytes: csv }, limits({ maxChars: 100 }))).rejects.toThrow(
      'rows.csv: the text is longer than 100 characters',
    );
  });
});
