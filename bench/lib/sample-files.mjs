/**
 * The ingestion benchmark's sample files (ingest.bench.mjs), made with the libraries people's
 * tools write them with: pdf-lib, docx, exceljs. Deterministic: the same seed gives the same
 * text, so runs compare. Kept apart so the process that measures a PDF's memory does not
 * load these libraries too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState, StandardFonts } from 'pdf-lib';

/** Prose from a fixed vocabulary with a fixed seed: every run parses the same text. */
function proseMaker(seed = 42) {
  const words =
    'workflow node run schedule secret chunk document answer model token retry branch queue worker event merge convert split embed store query result context prompt template output input webhook trigger server browser canvas editor handle edge type value page sheet row column file upload parse text'.split(
      ' ',
    );
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const sentence = () => {
    const count = 8 + Math.floor(next() * 12);
    const picked = Array.from({ length: count }, () => words[Math.floor(next() * words.length)]);
    picked[0] = picked[0][0].toUpperCase() + picked[0].slice(1);
    return `${picked.join(' ')}.`;
  };
  const paragraph = () => Array.from({ length: 3 + Math.floor(next() * 4) }, sentence).join(' ');
  return { sentence, paragraph, next };
}

function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A text PDF of `pages` pages (about 3,500 characters each), plus an uncompressed picture per page when `imageBytes` is set. */
export async function makePdf(pages, { imageBytes = 0, seed = 7 } = {}) {
  const prose = proseMaker(seed);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    let y = 800;
    for (let para = 0; para < 6; para++) {
      for (const line of wrap(prose.paragraph(), 95)) {
        page.drawText(line, { x: 30, y, size: 9, font });
        y -= 12;
      }
      y -= 6;
    }
    if (imageBytes > 0) {
      // Noise as a raw RGB image: what a scan or photo weighs, which a text reader must skip.
      const side = Math.floor(Math.sqrt(imageBytes / 3));
      const pixels = new Uint8Array(side * side * 3);
      for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(prose.next() * 256);
      const image = pdf.context.stream(pixels, { Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 });
      const name = page.node.newXObject('Im', pdf.context.register(image));
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(100, 0, 0, 100, 450, 20), drawObject(name), popGraphicsState());
    }
  }
  balancePageTree(pdf);
  return pdf.save();
}

/**
 * pdf-lib puts every page straight under the root of the page tree. PDF.js walks that list
 * from the start for every page it opens, so a 12,000-page file written that way takes
 * O(pages²) (100 s instead of 32 s here, and a 2 s stall when opening). Word, Acrobat and
 * TeX write balanced trees; this gives the samples one too (100 pages per branch).
 */
function balancePageTree(pdf, perBranch = 100) {
  const context = pdf.context;
  const rootRef = pdf.catalog.get(PDFName.of('Pages'));
  const root = context.lookup(rootRef);
  const pages = root.get(PDFName.of('Kids')).asArray();
  if (pages.length <= perBranch) return;
  const branches = [];
  for (let i = 0; i < pages.length; i += perBranch) {
    const kids = pages.slice(i, i + perBranch);
    const branch = context.obj({ Type: 'Pages', Count: kids.length, Parent: rootRef });
    branch.set(PDFName.of('Kids'), context.obj(kids));
    const branchRef = context.register(branch);
    for (const page of kids) context.lookup(page).set(PDFName.of('Parent'), branchRef);
    branches.push(branchRef);
  }
  root.set(PDFName.of('Kids'), context.obj(branches));
}

/** One file per format the Document Loader reads, each giving about 1,000 chunks or more. */
export async function sampleFiles() {
  const prose = proseMaker(1);
  const paragraphs = (n) => Array.from({ length: n }, () => prose.paragraph());
  const markdown = paragraphs(3000)
    .map((p, i) => (i % 10 === 0 ? `## Section ${i / 10 + 1}\n\n${p}` : p))
    .join('\n\n');
  const csvRows = Array.from({ length: 20000 }, (_, i) => `${i + 1},"${prose.sentence()}","${prose.sentence()}"`);
  const csv = `id,question,answer\n${csvRows.join('\n')}\n`;
  const json = JSON.stringify(Array.from({ length: 10000 }, (_, i) => ({ id: i + 1, title: prose.sentence(), body: prose.paragraph() })));
  const html = `<html><head><style>p{}</style><script>track()</script></head><body>${paragraphs(2000)
    .map((p, i) => (i % 8 === 0 ? `<h2>Part ${i}</h2><p>${p}</p>` : `<p>${p}</p>`))
    .join('\n')}</body></html>`;
  const docx = new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs(2000).map((text) => new Paragraph({ text })) }] })));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tickets');
  sheet.addRow(['id', 'subject', 'status', 'notes']);
  for (let i = 0; i < 10000; i++) sheet.addRow([i + 1, prose.sentence(), i % 3 ? 'open' : 'closed', prose.sentence()]);
  const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
  const enc = new TextEncoder();
  return [
    { name: 'guide.md', bytes: enc.encode(markdown) },
    { name: 'faq.csv', bytes: enc.encode(csv) },
    { name: 'records.json', bytes: enc.encode(json) },
    { name: 'page.html', bytes: enc.encode(html) },
    { name: 'manual.docx', bytes: docx },
    { name: 'tickets.xlsx', bytes: xlsx },
    { name: 'report.pdf', bytes: await makePdf(300) },
  ];
}

/**
 * Two PDFs of about `mb` MB: all text (some 12,000 pages of 3,500 characters: the most
 * text a file that size holds, so the most documents and chunks to keep), and mixed (400
 * pages, each with a picture beside its text, as reports and scans have).
 */
export async function bigPdfFiles(mb) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-ingest-'));
  const result = {};
  const probePages = 50;
  const textProbe = await makePdf(probePages, { seed: 3 });
  const textPages = Math.round(((mb * 1024 * 1024) / textProbe.byteLength) * probePages);
  result.text = path.join(dir, 'text.pdf');
  fs.writeFileSync(result.text, await makePdf(textPages, { seed: 3 }));
  const mixedPages = 400;
  const perPageText = textProbe.byteLength / probePages;
  result.mixed = path.join(dir, 'mixed.pdf');
  fs.writeFileSync(result.mixed, await makePdf(mixedPages, { seed: 5, imageBytes: Math.max(0, (mb * 1024 * 1024) / mixedPages - perPageText) }));
  return result;
}
