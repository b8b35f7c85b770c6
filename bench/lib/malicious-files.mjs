/**
 * Issue 19's malicious files for the ingestion benchmark's health measurement
 * (ingest.bench.mjs --health): the same shapes apps/server/src/test-support/
 * malicious-documents.ts makes for the tests, written again here because benchmarks run
 * plain JavaScript against the build. Nothing binary is committed.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

/** A ZIP (DEFLATE only) of `{ name, data }` entries, or `{ name, deflated, crc, size }` already deflated. */
function zipFile(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const raw = entry.deflated ? undefined : Buffer.from(entry.data);
    const compressed = entry.deflated ?? deflateRawSync(raw);
    const crc = entry.crc ?? crc32(raw);
    const size = entry.size ?? raw.byteLength;
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
    offset += 30 + name.byteLength + compressed.byteLength;
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

const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const TYPES = (overrides) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`;

function xlsx(sheet) {
  return zipFile([
    {
      name: '[Content_Types].xml',
      data: TYPES(
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      ),
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    { name: 'xl/workbook.xml', data: `<workbook xmlns="${SHEET}" xmlns:r="${DOC}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}

/** 1.5 KB: one merged range over the sheet (17 billion cells to exceljs; 5.7 GB and a dead server in issue 19). */
export function mergedCellXlsx() {
  return xlsx({
    data: `<worksheet xmlns="${SHEET}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>title</t></is></c></row></sheetData><mergeCells count="1"><mergeCell ref="C3:XFD1048576"/></mergeCells></worksheet>`,
  });
}

/** About 10 MB: a million rows of three cells, the "real-world" workbook that blocked health 20 s. */
export function millionRowsXlsx(rows = 1_000_000) {
  const parts = [`<worksheet xmlns="${SHEET}"><sheetData>`];
  for (let r = 1; r <= rows; r++)
    parts.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>item ${r}</t></is></c><c r="C${r}"><v>${r * 3}</v></c></row>`);
  parts.push('</sheetData></worksheet>');
  return xlsx({ data: parts.join('') });
}

/** A .docx of `runs` runs in one paragraph (about 170 KB for three million; the heap ran out). */
export function manyRunsDocx(runs = 3_000_000) {
  return zipFile([
    {
      name: '[Content_Types].xml',
      data: TYPES('<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'),
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      data: `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${'<w:r><w:t>a</w:t></w:r>'.repeat(runs)}</w:p></w:body></w:document>`,
    },
  ]);
}

/** A few KB: pages drawing a form XObject that fans out 10 × 10 levels deep (13 minutes of a blocked server). */
export async function xobjectFanOutPdf(levels = 10, fanOut = 10, pages = 3) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const context = pdf.context;
  const form = (content, resources) =>
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

/** A PDF whose content stream inflates to `megabytes` of spaces (3 GB and 150 s in issue 19). */
export async function deflateBombPdf(megabytes = 3072) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([200, 200]);
  const head = deflateRawSync(Buffer.from('BT ET '), { finishFlush: constants.Z_FULL_FLUSH });
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const stream = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    head,
    ...Array.from({ length: megabytes }, () => block),
    deflateRawSync(Buffer.alloc(0)),
    Buffer.alloc(4),
  ]);
  page.node.addContentStream(pdf.context.register(pdf.context.stream(stream, { Filter: 'FlateDecode', Length: stream.byteLength })));
  return pdf.save();
}

/** 700,000 nested <div> (7.7 MB; health unanswered for a minute). */
export function nestedHtml(depth = 700_000) {
  return new TextEncoder().encode(`<!doctype html><html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>`);
}
