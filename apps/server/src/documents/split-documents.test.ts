import type { ChunkValue } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { splitDocuments } from './split-documents.js';

const sentence = (n: number) => `Sentence number ${n} says something about workflows.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');
const texts = (chunks: readonly ChunkValue[]) => chunks.map((c) => c.text);

/** The longest end of `a` that `b` starts with. */
function sharedEdge(a: string, b: string): string {
  for (let length = Math.min(a.length, b.length); length > 0; length--) if (a.endsWith(b.slice(0, length))) return b.slice(0, length);
  return '';
}

describe('splitDocuments', () => {
  it('keeps every chunk within the size and repeats up to the overlap between neighbours', async () => {
    const text = [paragraph(1, 12), paragraph(13, 12), paragraph(25, 12)].join('\n\n');
    const chunks = await splitDocuments([{ text, metadata: {} }], { chunkSize: 300, chunkOverlap: 80, splitOn: 'paragraphs' });
    expect(chunks.length).toBeGreaterThan(6);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(300);
    for (let i = 1; i < chunks.length; i++) {
      const shared = sharedEdge(chunks[i - 1]?.text ?? '', chunks[i]?.text ?? '');
      expect(shared.length, `chunks ${i - 1} and ${i}`).toBeLessThanOrEqual(80);
    }
    // Within a paragraph there is always room to repeat the last sentence (about 50 characters).
    expect(chunks.filter((c, i) => i > 0 && sharedEdge(chunks[i - 1]?.text ?? '', c.text).length >= 40).length).toBeGreaterThan(3);
    // Nothing is lost: every sentence is in some chunk whole.
    for (let n = 1; n <= 36; n++)
      expect(
        chunks.some((c) => c.text.includes(sentence(n))),
        `sentence ${n}`,
      ).toBe(true);
  });

  it('repeats nothing with no overlap', async () => {
    const text = paragraph(1, 20);
    const chunks = await splitDocuments([{ text, metadata: {} }], { chunkSize: 200, chunkOverlap: 0, splitOn: 'sentences' });
    expect(chunks.map((c) => c.text).join(' ')).toBe(text);
  });

  it('keeps paragraphs whole when they fit', async () => {
    const first = paragraph(1, 3);
    const second = paragraph(4, 3);
    const chunks = await splitDocuments([{ text: `${first}\n\n${second}`, metadata: {} }], { chunkSize: 200, chunkOverlap: 20, splitOn: 'paragraphs' });
    expect(texts(chunks)).toEqual([first, second]);
  });

  it('cuts after full stops, never carrying ". " into the next chunk', async () => {
    const chunks = await splitDocuments([{ text: paragraph(1, 10), metadata: {} }], { chunkSize: 120, chunkOverlap: 0, splitOn: 'sentences' });
    expect(texts(chunks)).toEqual([
      `${sentence(1)} ${sentence(2)}`,
      `${sentence(3)} ${sentence(4)}`,
      `${sentence(5)} ${sentence(6)}`,
      `${sentence(7)} ${sentence(8)}`,
      `${sentence(9)} ${sentence(10)}`,
    ]);
  });

  it('in sentence mode reads across the line breaks PDFs put inside sentences', async () => {
    const text = 'The engine runs nodes\nwhen their inputs are ready. Retries back off\nexponentially. Runs are stored.';
    const chunks = await splitDocuments([{ text, metadata: {} }], { chunkSize: 60, chunkOverlap: 0, splitOn: 'sentences' });
    expect(texts(chunks)).toEqual(['The engine runs nodes\nwhen their inputs are ready.', 'Retries back off\nexponentially. Runs are stored.']);
  });

  it('cuts at exact counts in character mode', async () => {
    const text = 'abcdefghijklmnopqrstuvwxyz'.repeat(4);
    const chunks = await splitDocuments([{ text, metadata: {} }], { chunkSize: 30, chunkOverlap: 10, splitOn: 'characters' });
    expect(chunks.slice(0, -1).every((c) => c.text.length === 30)).toBe(true);
    expect(chunks[1]?.text.startsWith(chunks[0]?.text.slice(-10) ?? '?')).toBe(true);
    expect(chunks.at(-1)?.text.endsWith('xyz')).toBe(true);
  });

  it('cuts a word longer than the size rather than leaving an oversized chunk', async () => {
    const chunks = await splitDocuments([{ text: `short ${'x'.repeat(250)} end`, metadata: {} }], { chunkSize: 100, chunkOverlap: 0, splitOn: 'paragraphs' });
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(100);
    expect(chunks.map((c) => c.text).join('')).toContain('x'.repeat(100));
  });

  it('keeps each document’s metadata and numbers chunks across the whole list from 0', async () => {
    const documents = [
      { text: paragraph(1, 4), metadata: { source: 'a.pdf', page: 1 } },
      { text: '   ', metadata: { source: 'a.pdf', page: 2 } },
      { text: 'Short page.', metadata: { source: 'a.pdf', page: 3, chunk: 'overwritten' } },
    ];
    const chunks = await splitDocuments(documents, { chunkSize: 120, chunkOverlap: 0, splitOn: 'paragraphs' });
    expect(chunks.map((c) => c.metadata)).toEqual([
      { source: 'a.pdf', page: 1, chunk: 0 },
      { source: 'a.pdf', page: 1, chunk: 1 },
      { source: 'a.pdf', page: 3, chunk: 2 },
    ]);
    expect(chunks[2]?.text).toBe('Short page.');
  });

  it('gives nothing for nothing', async () => {
    expect(await splitDocuments([], { chunkSize: 100, chunkOverlap: 10, splitOn: 'paragraphs' })).toEqual([]);
    expect(await splitDocuments([{ text: '\n\n  \n', metadata: {} }], { chunkSize: 100, chunkOverlap: 10, splitOn: 'paragraphs' })).toEqual([]);
  });

  it('refuses sizes that cannot work, saying which', async () => {
    const docs = [{ text: 'x', metadata: {} }];
    await expect(splitDocuments(docs, { chunkSize: 100, chunkOverlap: 100, splitOn: 'paragraphs' })).rejects.toThrow(
      'Overlap (100) must be smaller than Chunk size (100)',
    );
    await expect(splitDocuments(docs, { chunkSize: 0, chunkOverlap: 0, splitOn: 'paragraphs' })).rejects.toThrow(
      'Chunk size must be a whole number of characters, at least 1 (it is 0)',
    );
    await expect(splitDocuments(docs, { chunkSize: 10, chunkOverlap: -1, splitOn: 'paragraphs' })).rejects.toThrow(
      'Overlap must be a whole number of characters, 0 or more (it is -1)',
    );
    await expect(splitDocuments(docs, { chunkSize: 10, chunkOverlap: 1, splitOn: 'words' as 'paragraphs' })).rejects.toThrow('Split on "words" is not one of');
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Run cancelled'));
    await expect(
      splitDocuments([{ text: 'x', metadata: {} }], { chunkSize: 10, chunkOverlap: 0, splitOn: 'paragraphs', signal: controller.signal }),
    ).rejects.toThrow('Run cancelled');
  });
});
