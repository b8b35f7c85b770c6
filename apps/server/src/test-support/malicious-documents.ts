import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFRef, StandardFonts } from 'pdf-lib';

/**
 * Files built to exhaust whoever reads them, made by small generators in the test itself
 * (nothing binary is committed): the shapes that took a server down in issue 19. Each
 * maker states what it costs a careless reader.
 */

export interface ZipEntry {
  readonly name: string;
  readonly data: string | Uint8Array;
  /** The inflated size the headers claim; a lie here is what a zip bomb with honest-looking headers does. */
  readonly declaredSize?: number;
  /** Already deflated bytes (raw DEFLATE) to store as they are, with `declaredSize` and `crc` as given. */
  readonly deflated?: Uint8Array;
  readonly crc?: number;
}

/** A ZIP archive (PKWARE APPNOTE 4.3.7, DEFLATE only), the container of .xlsx and .docx. */
export function zipFile(entries: readonly ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const compressed = entry.deflated ? Buffer.from(entry.deflated) : deflateRawSync(raw);
    const crc = entry.crc ?? crc32(raw);
    const size = entry.declaredSize ?? raw.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook needs around its one sheet (file-type knows it by the content types). */
function xlsxParts(sheet: ZipEntry): ZipEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns="${SHEET_NS}" xmlns:r="${DOC_REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${DOC_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    sheet,
  ];
}

/** A workbook of one sheet with the given rows (inline strings) and anything after the sheet data (merges). */
export function xlsxOf(rows: readonly (readonly string[])[], afterData = ''): Uint8Array {
  const xml = rows
    .map(
      (cells, r) => `<row r="${r + 1}">${cells.map((text, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return xlsxOfSheetData(xml, afterData);
}

/** A workbook of one sheet whose `<sheetData>` is the XML given. */
export function xlsxOfSheetData(sheetData: string, afterData = ''): Uint8Array {
  return zipFile(
    xlsxParts({ name: 'xl/worksheets/sheet1.xml', data: `<worksheet xmlns="${SHEET_NS}"><sheetData>${sheetData}</sheetData>${afterData}</worksheet>` }),
  );
}

/**
 * About 1.5 KB: one merged range over the whole sheet (A1:XFD1048576). exceljs makes a
 * cell object for every cell a merge covers, 17 billion here: 5.7 GB before the process died.
 */
export function mergedCellBombXlsx(): Uint8Array {
  return xlsxOf(
    [
      ['title', 'value'],
      ['a', '1'],
    ],
    '<mergeCells count="1"><mergeCell ref="C3:XFD1048576"/></mergeCells>',
  );
}

/** A workbook whose sheet claims (honestly, or not with `lie`) to inflate to `megabytes`; its XML is one long run of spaces. */
export function unpackBombXlsx(megabytes: number, lie = false): Uint8Array {
  const size = megabytes * 1024 * 1024;
  const start = `<worksheet xmlns="${SHEET_NS}"><sheetData>`;
  const { deflated, crc } = deflatedSpaces(size, start);
  return zipFile(xlsxParts({ name: 'xl/worksheets/sheet1.xml', data: '', deflated, crc, declaredSize: lie ? start.length : size + start.length }));
}

/**
 * A Word document of `runs` empty-ish runs in one paragraph (a few hundred KB zipped for
 * three million): mammoth builds objects per run, and ran out of JavaScript heap.
 */
export function manyRunsDocx(runs: number): Uint8Array {
  const body = `<w:p>${'<w:r><w:t>a</w:t></w:r>'.repeat(runs)}</w:p>`;
  return zipFile([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      data: `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

/**
 * A few KB: each page draws form XObject X0, which draws X1 `fanOut` times, and so on
 * `levels` deep, the last one showing a letter: fanOut^levels text operations per page
 * that PDF.js walks one by one (13 minutes of a blocked server in issue 19).
 */
export async function xobjectFanOutPdf(levels = 10, fanOut = 10, pages = 3): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const context = pdf.context;
  const form = (content: string, resources: { [kind: string]: { [name: string]: PDFRef } }): PDFRef =>
    context.register(context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 100], Resources: resources }));
  let inner = form('BT /F1 12 Tf 10 10 Td (a) Tj ET', { Font: { F1: font.ref } });
  for (let level = 0; level < levels; level++) inner = form('/X Do '.repeat(fanOut), { XObject: { X: inner } });
  for (let index = 0; index < pages; index++) {
    const page = pdf.addPage([200, 200]);
    page.node.setXObject(PDFName.of('X'), inner);
    page.node.addContentStream(context.register(context.stream('/X Do')));
  }
  return pdf.save();
}

/**
 * A PDF whose one page's content stream inflates to `megabytes` of spaces from about a
 * thousandth of that: PDF.js keeps a stream's inflated bytes whole (3 GB and 150 s in issue 19).
 */
export async function deflateBombPdf(megabytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([200, 200]);
  const { deflated } = deflatedSpaces(megabytes * 1024 * 1024, 'BT ET ');
  // A zlib stream (what FlateDecode is): header, the raw blocks, and an Adler-32 PDF.js does not check.
  const zlibStream = Buffer.concat([deflateSync(Buffer.alloc(0)).subarray(0, 2), deflated, Buffer.alloc(4)]);
  const bomb = pdf.context.register(pdf.context.stream(zlibStream, { Filter: 'FlateDecode', Length: zlibStream.byteLength }));
  page.node.addContentStream(bomb);
  return pdf.save();
}

/**
 * `size` bytes of spaces after `prefix`, as raw DEFLATE, made without holding them: one
 * block of 1 MB of spaces ends in a full flush (byte-aligned, no back references across
 * it), so the same block repeated is a valid stream of that many megabytes.
 */
function deflatedSpaces(size: number, prefix: string): { deflated: Uint8Array; crc: number } {
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  const head = deflateRawSync(Buffer.from(prefix), { finishFlush: constants.Z_FULL_FLUSH });
  const block = deflateRawSync(megabyte, { finishFlush: constants.Z_FULL_FLUSH });
  const count = Math.ceil(size / megabyte.byteLength);
  const end = deflateRawSync(Buffer.alloc(0));
  let crc = crc32(prefix);
  for (let index = 0; index < count; index++) crc = crc32(megabyte, crc);
  return { deflated: new Uint8Array(Buffer.concat([head, ...Array.from({ length: count }, () => block), end])), crc };
}

/** `<div>` nested `depth` deep around one word (7.7 MB at 700,000: a page that stalled the server for a minute). */
export function nestedHtml(depth: number): string {
  return `<!doctype html><html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>`;
}

/** Lists nested `depth` deep: `[[[...]]]`. */
export function nestedJson(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** A flat list of `items` small records: wide rather than deep. */
export function wideJson(items: number): string {
  const parts: string[] = [];
  for (let index = 0; index < items; index++) parts.push(`{"id":${index},"name":"item ${index}"}`);
  return `[${parts.join(',')}]`;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
