import { describe, expect, it } from 'vitest';
import { samplePdf, utf8 } from '../test-support/sample-documents.js';
import { parseDocument } from './parse-document.js';

describe('parseDocument: which reader a file goes to', () => {
  it('goes by an upload’s extension before its type, whatever the case', async () => {
    // A type detected from content calls CSV plain text; the name knows better.
    const documents = await parseDocument({ name: 'DATA.CSV', mimeType: 'text/plain', bytes: utf8('a,b\n1,2\n') });
    expect(documents).toEqual([{ text: 'a: 1\nb: 2', metadata: { source: 'DATA.CSV', row: 2 } }]);
  });

  it('goes by the type when the name has no known extension', async () => {
    const documents = await parseDocument({ name: 'export', mimeType: 'application/json; charset=utf-8', bytes: utf8('["x"]') });
    expect(documents).toEqual([{ text: 'x', metadata: { source: 'export', item: 1 } }]);
  });

  it('goes by a web page’s Content-Type before the extension in its URL', async () => {
    const url = 'https://example.com/report.pdf?download=0';
    const documents = await parseDocument({ name: url, mimeType: 'text/html', bytes: utf8('<p>Not a PDF after all</p>') });
    expect(documents).toEqual([{ text: 'Not a PDF after all', metadata: { source: url } }]);
  });

  it('recognises PDFs, Word and Excel files by their content when nothing else says', async () => {
    const documents = await parseDocument({ name: 'scan-0001', bytes: await samplePdf(['Found by its signature']) });
    expect(documents).toEqual([{ text: 'Found by its signature', metadata: { source: 'scan-0001', page: 1 } }]);
  });

  it('reads unknown names with text content as text and refuses other kinds, naming the formats it reads', async () => {
    expect(await parseDocument({ name: 'LICENSE', bytes: utf8('MIT License') })).toEqual([{ text: 'MIT License', metadata: { source: 'LICENSE' } }]);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    await expect(parseDocument({ name: 'photo', bytes: png })).rejects.toThrow(
      'photo: this kind of file (.png) cannot be read; the Document Loader reads .txt, .md, .html, .json, .csv, .xlsx, .pdf and .docx',
    );
  });
});
