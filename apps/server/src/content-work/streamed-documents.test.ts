import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../documents/parse-document.js';
import { splitDocuments } from '../documents/split-documents.js';
import { sampleXlsx, utf8 } from '../test-support/sample-documents.js';
import { ContentWork } from './content-work.js';

/**
 * Files of many rows leave the content worker while the parse goes on (document-outlet.ts):
 * the server gets the same documents, in the same order, as a parse in process gives,
 * and the worker still keeps them for the split that follows.
 */

const SPLIT = { chunkSize: 300, chunkOverlap: 50, splitOn: 'paragraphs' } as const;

describe('documents handed on while the parse goes on', () => {
  const content = new ContentWork({ workers: 1 });
  afterAll(() => content.close());

  const files = [
    {
      name: 'faq.csv',
      bytes: async () =>
        utf8(['question,answer', ...Array.from({ length: 6000 }, (_, i) => `"Q ${i}, asked?","An answer\nover lines ${'w '.repeat(i % 40)}${i}"`)].join('\n')),
    },
    { name: 'records.json', bytes: async () => utf8(JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, note: `note ${'z'.repeat(i % 60)}` })))) },
    {
      name: 'tickets.xlsx',
      bytes: async () => sampleXlsx({ Tickets: [['id', 'subject'], ...Array.from({ length: 3000 }, (_, i) => [i, `Subject ${i} ${'s'.repeat(i % 30)}`])] }),
    },
  ];

  for (const file of files) {
    it(`gives ${file.name}'s documents as in process, then splits them where they were kept`, async () => {
      const bytes = await file.bytes();
      const here = await parseDocument({ name: file.name, bytes });
      const there = await content.parseDocument({ name: file.name, bytes });
      expect(there).toEqual(here);
      expect(here.length).toBeGreaterThan(2000);
      expect(content.describeWorkers()).toMatchObject([{ holding: true }]);
      expect(await content.splitDocuments(there, SPLIT)).toEqual(await splitDocuments(here, SPLIT));
    });
  }
});
