import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import { getDocumentProxy } from 'unpdf';
import { count, overLimit, TextBudget } from '../../content-work/content-limits.js';
import { tidyText } from '../decode-text.js';
import { looksLike } from '../describe-content.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';
import { Yielder } from '../yielder.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * A PDF (unpdf, PDF.js built for servers): one document per page that has text, with
 * metadata `page` (from 1). Pages are read one at a time and released after, so memory
 * holds the file plus one page's objects, not the whole parsed document. A PDF with more
 * pages than the limit is refused before any is read; what no limit here can see (a page
 * whose drawings fan out without end, a stream inflating to gigabytes) is stopped by the
 * content worker's time and memory limits.
 */
export async function loadPdf(file: DocumentFile, options: LoadOptions): Promise<DocumentValue[]> {
  const { limits } = options;
  const pdf = await openPdf(file);
  try {
    if (pdf.numPages > limits.maxPages) throw overLimit(file.name, 'maxPages', limits, `the PDF has ${count(pdf.numPages)} pages`);
    const documents: DocumentValue[] = [];
    const yielder = new Yielder(options.signal);
    const budget = new TextBudget(file.name, limits);
    for (let number = 1; number <= pdf.numPages; number++) {
      await yielder.turn();
      const text = await pageText(file, pdf, number);
      budget.add(text.length);
      if (text !== '') documents.push({ text, metadata: { source: file.name, page: number } });
    }
    if (documents.length === 0) {
      const pages = pdf.numPages === 1 ? 'its page' : `its ${pdf.numPages} pages`;
      throw new DocumentProblem(
        file.name,
        `no text found in ${pages} (scanned pages are pictures of text and need OCR, which the Document Loader does not do)`,
      );
    }
    return documents;
  } finally {
    await pdf.destroy();
  }
}

async function openPdf(file: DocumentFile): Promise<PdfDocument> {
  try {
    // PDF.js may take over the buffer it is given; a copy keeps the caller's bytes intact.
    return await getDocumentProxy(new Uint8Array(file.bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new DocumentProblem(file.name, 'the PDF is password-protected; remove the password and upload it again');
    if (name === 'InvalidPDFException')
      throw new DocumentProblem(file.name, `not a valid PDF file${(await looksLike(file.bytes, 'pdf')) || ' (it may be damaged or cut short)'}`);
    throw new DocumentProblem(file.name, `the PDF could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function pageText(file: DocumentFile, pdf: PdfDocument, number: number): Promise<string> {
  const page = await pdf.getPage(number).catch((error: unknown) => {
    throw new DocumentProblem(file.name, `page ${number} could not be read (${error instanceof Error ? error.message : String(error)})`);
  });
  try {
    const content = await page.getTextContent();
    // Joined once rather than appended piece by piece: a page has hundreds of items, and
    // appending builds a rope of them that costs more memory than the text.
    const parts: string[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      parts.push(item.str);
      if (item.hasEOL) parts.push('\n');
    }
    return tidyText(parts.join(''));
  } finally {
    page.cleanup();
  }
}
