import { describe, expect, it } from 'vitest';
import { sampleDocx, samplePdf, truncated, utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

describe('Word loader', () => {
  it('gives one document with the text, paragraphs separated by blank lines', async () => {
    const bytes = await sampleDocx(['Weft runs workflows.', 'It stores runs in SQLite or PostgreSQL.'], 'About Weft');
    expect(await parseDocument({ name: 'about.docx', bytes })).toEqual([
      { text: 'About Weft\n\nWeft runs workflows.\n\nIt stores runs in SQLite or PostgreSQL.', metadata: { source: 'about.docx' } },
    ]);
  });

  it('fails on a document without text', async () => {
    await expect(parseDocument({ name: 'blank.docx', bytes: await sampleDocx([]) })).rejects.toThrow('blank.docx: the document has no text');
  });

  it('refuses damaged files and files that are something else', async () => {
    const bytes = await sampleDocx(['Some text']);
    await expect(parseDocument({ name: 'notes.docx', bytes: truncated(bytes) })).rejects.toThrow(
      'notes.docx: not a valid Word file (it may be damaged or cut short)',
    );
    await expect(parseDocument({ name: 'notes.docx', bytes: utf8('plain words') })).rejects.toThrow('notes.docx: not a valid Word file');
    await expect(parseDocument({ name: 'notes.docx', bytes: await samplePdf(['A PDF']) })).rejects.toThrow(
      'notes.docx: not a valid Word file (it looks like a PDF)',
    );
  });

  it('refuses old .doc files and password-protected ones (an OLE container) with what to do instead', async () => {
    await expect(parseDocument({ name: 'old.doc', bytes: utf8('x') })).rejects.toThrow(
      'old.doc: old Word files (.doc) cannot be read: save it as .docx and upload that',
    );
    // The signature of an OLE compound file, which is what Word writes for a protected document.
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(parseDocument({ name: 'locked.docx', bytes: ole })).rejects.toThrow(
      'locked.docx: the document is password-protected or in the old .doc format; save it as .docx without a password',
    );
  });
});
