import { describe, expect, it } from 'vitest';
import { nameAccepted, uploadProblem } from './upload-rules';

const LOADER_ACCEPT = '.txt,.md,.markdown,.csv,.tsv,.json,.html,.htm,.xlsx,.pdf,.docx';

describe('upload rules', () => {
  it('matches names against the accept list, case aside', () => {
    expect(nameAccepted('Report.PDF', LOADER_ACCEPT)).toBe(true);
    expect(nameAccepted('notes.markdown', LOADER_ACCEPT)).toBe(true);
    expect(nameAccepted('photo.png', LOADER_ACCEPT)).toBe(false);
    expect(nameAccepted('README', LOADER_ACCEPT)).toBe(false);
    expect(nameAccepted('data.json', '.csv')).toBe(false);
    // Without a list, every type the server takes.
    expect(nameAccepted('data.xlsx', undefined)).toBe(true);
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
