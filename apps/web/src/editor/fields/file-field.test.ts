import type { FileSummary } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { filesForField, isInlineFileValue, nameAccepted, uploadIdOf, uploadProblem } from './file-field';

const LOADER_ACCEPT = '.txt,.md,.markdown,.csv,.tsv,.json,.html,.htm,.xlsx,.pdf,.docx';

function file(name: string): FileSummary {
  return { id: name, name, mimeType: 'text/plain', size: 1, sha256: '', createdAt: '2026-01-01T00:00:00.000Z', usedBy: [] };
}

describe('file field', () => {
  it('reads the upload id from the stored value', () => {
    expect(uploadIdOf('0b7c…id')).toBe('0b7c…id');
    expect(uploadIdOf({ id: ' f-1 ', name: 'a.pdf' })).toBe('f-1');
    expect(uploadIdOf('  ')).toBeUndefined();
    expect(uploadIdOf({ name: 'a', size: 1, content: 'x' })).toBeUndefined();
    expect(uploadIdOf(undefined)).toBeUndefined();
  });

  it('recognises what an older editor stored inline', () => {
    expect(isInlineFileValue({ name: 'a', size: 1, content: 'x' })).toBe(true);
    expect(isInlineFileValue({ name: 'a' })).toBe(false);
    expect(isInlineFileValue('a')).toBe(false);
    expect(isInlineFileValue(null)).toBe(false);
  });

  it('matches names against the accept list, case aside', () => {
    expect(nameAccepted('Report.PDF', LOADER_ACCEPT)).toBe(true);
    expect(nameAccepted('notes.markdown', LOADER_ACCEPT)).toBe(true);
    expect(nameAccepted('photo.png', LOADER_ACCEPT)).toBe(false);
    expect(nameAccepted('README', LOADER_ACCEPT)).toBe(false);
    expect(nameAccepted('data.json', '.csv')).toBe(false);
    // Without a list, every type the server takes.
    expect(nameAccepted('data.xlsx', undefined)).toBe(true);
    expect(filesForField([file('a.pdf'), file('b.png'), file('c.csv')], '.pdf,.csv').map((f) => f.name)).toEqual(['a.pdf', 'c.csv']);
  });

  it('refuses a file before upload for its type, emptiness or size, saying which', () => {
    const rules = { maxBytes: 25 * 1024 * 1024, accept: '.pdf,.csv' };
    expect(uploadProblem({ name: 'a.pdf', size: 25 * 1024 * 1024 }, rules)).toBeNull();
    expect(uploadProblem({ name: 'setup.exe', size: 10 }, rules)).toBe('“setup.exe” cannot be used here: choose a PDF or CSV file.');
    expect(uploadProblem({ name: 'setup.exe', size: 10 }, {})).toMatch(/^“setup\.exe” cannot be uploaded: Weft accepts PDF \(\.pdf\), Word document/);
    expect(uploadProblem({ name: 'photo.png', size: 10 }, { accept: LOADER_ACCEPT })).toBe(
      '“photo.png” cannot be used here: choose a text, Markdown, CSV, TSV, JSON, HTML, Excel workbook, PDF or Word document file.',
    );
    expect(uploadProblem({ name: 'a.txt', size: 10 }, { accept: '.xlsx' })).toBe('“a.txt” cannot be used here: choose an Excel workbook file.');
    expect(uploadProblem({ name: 'empty.csv', size: 0 }, rules)).toBe('“empty.csv” is empty.');
    expect(uploadProblem({ name: 'big.pdf', size: 26 * 1024 * 1024 }, rules)).toBe('“big.pdf” is 26 MB; files up to 25 MB can be uploaded.');
  });
});
