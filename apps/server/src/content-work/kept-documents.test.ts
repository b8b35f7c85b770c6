import type { DocumentValue } from '@weft/core';
import { afterEach, describe, expect, it } from 'vitest';
import { splitDocuments } from '../documents/split-documents.js';
import { utf8 } from '../test-support/sample-documents.js';
import { ContentWork } from './content-work.js';

/**
 * A split of documents a content worker parsed names the texts the worker kept instead of
 * sending them back (content-tasks.ts `held`): the chunks are the ones an in-process split
 * gives, on the worker that kept them, and documents changed since are sent as they are now.
 */

const SPLIT = { chunkSize: 200, chunkOverlap: 40, splitOn: 'paragraphs' } as const;
const paragraphs = (label: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${label} paragraph ${i}. ${'Some words of it. '.repeat(8)}`).join('\n\n');
const csv = (rows: number) => ['question,answer', ...Array.from({ length: rows }, (_, i) => `Q${i},${'an answer '.repeat(30)}${i}`)].join('\n');

describe('documents kept in the content worker for their split', () => {
  let content: ContentWork | undefined;
  afterEach(async () => {
    await content?.close();
    content = undefined;
  });

  it('splits a parse it kept exactly as in process, the worker holding its texts', async () => {
    content = new ContentWork({ workers: 1 });
    const documents = await content.parseDocument({ name: 'guide.md', bytes: utf8(paragraphs('Guide', 400)) });
    expect(content.describeWorkers()).toMatchObject([{ busy: false, holding: true }]);
    const chunks = await content.splitDocuments(documents, SPLIT);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks).toEqual(await splitDocuments(documents, SPLIT));
    // Split again with other sizes: still held, still right.
    const other = { ...SPLIT, chunkSize: 500, chunkOverlap: 0 };
    expect(await content.splitDocuments(documents, other)).toEqual(await splitDocuments(documents, other));
  });

  it('sends a subset by index, and documents changed since the parse as they are now', async () => {
    content = new ContentWork({ workers: 1 });
    const rows = await content.parseDocument({ name: 'faq.csv', bytes: utf8(csv(300)) });
    const some = [rows[250], rows[3], rows[120]] as DocumentValue[];
    expect(await content.splitDocuments(some, SPLIT)).toEqual(await splitDocuments(some, SPLIT));
    const changed = [rows[0] as DocumentValue, { ...(rows[1] as DocumentValue), text: 'Changed after the parse.' }];
    const chunks = await content.splitDocuments(changed, SPLIT);
    expect(chunks).toEqual(await splitDocuments(changed, SPLIT));
    expect(chunks.at(-1)?.text).toBe('Changed after the parse.');
  });

  it('sends each split to the worker that kept its documents, or the texts to any worker once another parse replaced them', async () => {
    content = new ContentWork({ workers: 2 });
    const [first, second] = await Promise.all([
      content.parseDocument({ name: 'a.md', bytes: utf8(paragraphs('First', 200)) }),
      content.parseDocument({ name: 'b.md', bytes: utf8(paragraphs('Second', 200)) }),
    ]);
    expect(content.describeWorkers().map((worker) => worker.holding)).toEqual([true, true]);
    // Both splits at once: each goes to its own worker (a held split on the other would fail, naming the key).
    const [splitFirst, splitSecond] = await Promise.all([content.splitDocuments(first, SPLIT), content.splitDocuments(second, SPLIT)]);
    expect(splitFirst).toEqual(await splitDocuments(first, SPLIT));
    expect(splitSecond).toEqual(await splitDocuments(second, SPLIT));
    // Two more parses replace what both workers kept; the first documents are then sent again.
    await Promise.all([content.parseDocument({ name: 'c.md', bytes: utf8('C') }), content.parseDocument({ name: 'd.md', bytes: utf8('D') })]);
    expect(await content.splitDocuments(first, SPLIT)).toEqual(splitFirst);
  });
});
