import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { encryptedPdf, sampleDocx, samplePdf, truncated, utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

describe('PDF loader', () => {
  it('gives one document per page with its number, lines kept as lines', async () => {
    const bytes = await samplePdf(['Weft handbook\nChapter one: running workflows.', 'Chapter two: schedules.', 'Chapter three: secrets.']);
    expect(await parseDocument({ name: 'handbook.pdf', bytes })).toEqual([
      { text: 'Weft handbook\nChapter one: running workflows.', metadata: { source: 'handbook.pdf', page: 1 } },
      { text: 'Chapter two: schedules.', metadata: { source: 'handbook.pdf', page: 2 } },
      { text: 'Chapter three: secrets.', metadata: { source: 'handbook.pdf', page: 3 } },
    ]);
  });

  it('leaves out pages without text but keeps the others numbered as in the file', async () => {
    const bytes = await samplePdf(['Cover text', '', 'Last page']);
    const documents = await parseDocument({ name: 'gaps.pdf', bytes });
    expect(documents.map((d) => d.metadata.page)).toEqual([1, 3]);
  });

  it('leaves the bytes it was given intact', async () => {
    const bytes = await samplePdf(['Kept']);
    const copy = bytes.slice();
    await parseDocument({ name: 'kept.pdf', bytes });
    expect(bytes).toEqual(copy);
  });

  it('says a password-protected PDF is password-protected', async () => {
    const bytes = await encryptedPdf(['Top secret plans']);
    // The sample is really encrypted: with its password PDF.js reads the text.
    const opened = await getDocumentProxy(new Uint8Array(bytes), { password: 'secret' });
    const content = await (await opened.getPage(1)).getTextContent();
    expect(content.items.map((item) => ('str' in item ? item.str : '')).join('')).toBe('Top secret plans');
    await opened.destroy();

    await expect(parseDocument({ name: 'report.pdf', bytes })).rejects.toThrow(
      'report.pdf: the PDF is password-protected; remove the password and upload it again',
    );
  });

  it('refuses damaged files, naming the file', async () => {
    const bytes = await samplePdf(['Some text that will be cut off']);
    await expect(parseDocument({ name: 'cut.pdf', bytes: truncated(bytes, 0.1) })).rejects.toThrow(
      'cut.pdf: not a valid PDF file (it may be damaged or cut short)',
    );
    await expect(parseDocument({ name: 'junk.pdf', bytes: utf8('%PDF-1.7\nthis is not really a PDF') })).rejects.toThrow(
      'junk.pdf: not a valid PDF file (it may be damaged or cut short)',
    );
  });

  it('says what a file named .pdf really is when it can tell', async () => {
    await expect(parseDocument({ name: 'letter.pdf', bytes: await sampleDocx(['Dear reader']) })).rejects.toThrow(
      'letter.pdf: not a valid PDF file (it looks like a Word document)',
    );
  });

  it('fails on empty files and on PDFs without any text', async () => {
    await expect(parseDocument({ name: 'empty.pdf', bytes: new Uint8Array(0) })).rejects.toThrow('empty.pdf: the file is empty');
    await expect(parseDocument({ name: 'scan.pdf', bytes: await samplePdf(['', '']) })).rejects.toThrow(
      'scan.pdf: no text found in its 2 pages (scanned pages are pictures of text and need OCR, which the Document Loader does not do)',
    );
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Run cancelled'));
    const bytes = await samplePdf(['One', 'Two']);
    await expect(parseDocument({ name: 'a.pdf', bytes }, { signal: controller.signal })).rejects.toThrow('Run cancelled');
  });
});
