import type { DocumentValue } from '@weft/core';
import type { DocumentFile, ParseOptions } from '@weft/nodes';
import { getDocumentProxy } from 'unpdf';
import { tidyText } from '../decode-text.js';
import { looksLike } from '../describe-content.js';
import { DocumentProblem } from '../document-problem.js';
import { Yielder } from '../yielder.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * A PDF (unpdf, PDF.js built for servers): one document per page that has text, with
 * metadata `page` (from 1). Pages are read one at a time and released after, so memory
 * holds the file plus one page's objects, not the whole parsed document; the event loop
 * gets a turn between pages, so a long PDF does not stall other requests.
 */
export async function loadPdf(file: DocumentFile, options: ParseOptions = {}): Promise<DocumentValue[]> {
  const pdf = await openPdf(file);
  try {
    const documents: DocumentValue[] = [];
    const yielder = new Yielder(options.signal);
    for (let number = 1; number <= pdf.numPages; number++) {
      await yielder.turn();
      const text = await pageText(file, pdf, number);
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
