import { describe, expect, it } from 'vitest';
import { utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

describe('CSV loader', () => {
  it('gives one document per row as header: value lines, numbered as a spreadsheet shows them', async () => {
    const csv = 'question,answer\r\n"How do I run a workflow?","Press Run, or call the API."\r\n\r\nWhere are secrets kept?,"Encrypted\nin the database"\r\n';
    expect(await parseDocument({ name: 'faq.csv', bytes: utf8(csv) })).toEqual([
      { text: 'question: How do I run a workflow?\nanswer: Press Run, or call the API.', metadata: { source: 'faq.csv', row: 2 } },
      { text: 'question: Where are secrets kept?\nanswer: Encrypted\nin the database', metadata: { source: 'faq.csv', row: 4 } },
    ]);
  });

  it('reads tab-separated files, skips empty cells and names cells past the header by column', async () => {
    const documents = await parseDocument({ name: 'people.tsv', bytes: utf8('name\tteam\nAda\t\tnote\n') });
    expect(documents).toEqual([{ text: 'name: Ada\nColumn 3: note', metadata: { source: 'people.tsv', row: 2 } }]);
  });

  it('reads Windows-1252 files that spreadsheet programs write', async () => {
    const bytes = Uint8Array.from([...utf8('city,note\nZ'), 0xfc, ...utf8('rich,caf'), 0xe9, 0x0a]);
    expect((await parseDocument({ name: 'cities.csv', bytes }))[0]?.text).toBe('city: Zürich\nnote: café');
  });

  it('fails on a quote that is never closed, naming the row', async () => {
    await expect(parseDocument({ name: 'data.csv', bytes: utf8('a,b\n1,2\n3,"four\n5,6\n') })).rejects.toThrow(
      'data.csv: not a valid CSV file (row 3: a quoted value is never closed)',
    );
  });

  it('fails on empty files, blank files and files with only a header', async () => {
    await expect(parseDocument({ name: 'data.csv', bytes: new Uint8Array(0) })).rejects.toThrow('data.csv: the file is empty');
    await expect(parseDocument({ name: 'data.csv', bytes: utf8('\n \n') })).rejects.toThrow('data.csv: the file has only blank lines');
    await expect(parseDocument({ name: 'data.csv', bytes: utf8('a,b\n\n') })).rejects.toThrow('data.csv: there are no rows below the header');
  });

  it('refuses binary content whatever the name says', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    await expect(parseDocument({ name: 'data.csv', bytes: png })).rejects.toThrow('data.csv: not a text file (it looks like a PNG image)');
  });

  it('reads a long file in pieces, rows spanning pieces whole, handing rows on as it goes', async () => {
    // Quoted values over several lines, so rows straddle papaparse's 64 K pieces; every 97th row is blank.
    const lines = ['id,question,answer'];
    for (let i = 1; i <= 3000; i++)
      lines.push(i % 97 === 0 ? '' : `${i},"Question ${i}, asked ""twice""?","Answer ${i}\nover two lines${' x'.repeat(i % 50)}"`);
    const bytes = utf8(lines.join('\r\n'));
    const whole = await parseDocument({ name: 'faq.csv', bytes });
    const handed: unknown[][] = [];
    const streamed = await parseDocument({ name: 'faq.csv', bytes }, { onDocuments: async (documents) => void handed.push([...documents]) });
    expect(streamed).toEqual(whole);
    expect(whole).toHaveLength(3000 - 30);
    expect(whole.at(-1)).toMatchObject({ metadata: { source: 'faq.csv', row: 3001 } });
    expect(whole.at(-1)?.text).toBe(`id: 3000\nquestion: Question 3000, asked "twice"?\nanswer: Answer 3000\nover two lines`);
    expect(handed.length).toBeGreaterThan(2);
    expect(handed.flat()).toEqual(whole.slice(0, handed.flat().length));
  });

  it('names the row of a quote left open far into a long file', async () => {
    const lines = ['a,b', ...Array.from({ length: 5000 }, (_, i) => `${i},"value ${i}"`), '5001,"never closed', '5002,x'];
    await expect(parseDocument({ name: 'long.csv', bytes: utf8(lines.join('\n')) }, { onDocuments: async () => undefined })).rejects.toThrow(
      'long.csv: not a valid CSV file (row 5002: a quoted value is never closed)',
    );
  });

  it('stops the parse when the documents cannot be handed on', async () => {
    const lines = ['a,b', ...Array.from({ length: 5000 }, (_, i) => `${i},value ${'y'.repeat(40)}`)];
    const refused = new Error('the channel closed');
    await expect(parseDocument({ name: 'long.csv', bytes: utf8(lines.join('\n')) }, { onDocuments: async () => Promise.reject(refused) })).rejects.toBe(
      refused,
    );
  });
});
