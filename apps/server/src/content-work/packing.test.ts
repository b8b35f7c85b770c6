import type { ChunkValue, DocumentValue } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { splitDocuments, splitTexts } from '../documents/split-documents.js';
import { batchesOf, isTextPiece, MAX_CHARS, TextJoiner, textItems } from './content-batches.js';
import { ChunkLocator, DocumentUnpacker, documentItems, type LocatedChunk, packChunks, unpackChunks } from './packing.js';

const SPLIT = { chunkSize: 120, chunkOverlap: 40, splitOn: 'paragraphs' } as const;

/** What the worker sends for a split and what the server makes of it, without the process between. */
async function throughPacking(documents: readonly DocumentValue[]): Promise<{ chunks: ChunkValue[]; spelledOut: number }> {
  const texts = documents.map((document) => document.text);
  const locator = new ChunkLocator();
  const located: LocatedChunk[] = [];
  await splitTexts(texts, texts.length, SPLIT, (from, text, source) => {
    located.push(locator.locate(from, text, source));
  });
  const chunks: ChunkValue[] = [];
  let spelledOut = 0;
  for (const batch of batchesOf(located)) {
    const packed = packChunks(batch);
    spelledOut += packed.texts.length;
    unpackChunks(packed, documents, chunks);
  }
  return { chunks, spelledOut };
}

describe('chunks crossing from a content worker', () => {
  it('cross as places in the documents the server holds, and come out as splitDocuments gives them', async () => {
    const paragraph = 'The worker splits the text. The server already has it! So only numbers cross? Yes.';
    const documents: DocumentValue[] = [
      { text: Array.from({ length: 12 }, () => paragraph).join('\n\n'), metadata: { source: 'same.md', page: 1 } },
      { text: 'Short one.', metadata: { source: 'short.md' } },
      { text: `  ${'word '.repeat(80)}  `, metadata: {} },
    ];
    const { chunks, spelledOut } = await throughPacking(documents);
    expect(chunks).toEqual(await splitDocuments(documents, SPLIT));
    expect(chunks.length).toBeGreaterThan(12);
    expect(spelledOut).toBe(0);
  });

  it('spells out a chunk its document does not hold as it is (a U+2029 the split turns into a space)', async () => {
    const documents: DocumentValue[] = [{ text: `First part.\u2029Second part follows. ${'More words here. '.repeat(12)}`, metadata: { source: 'odd.txt' } }];
    const { chunks, spelledOut } = await throughPacking(documents);
    expect(chunks).toEqual(await splitDocuments(documents, SPLIT));
    expect(chunks[0]?.text).toContain('First part. Second part');
    expect(spelledOut).toBe(1);
  });

  it('finds a chunk wherever its characters stand, even before the last one found', () => {
    const source = 'abc abc xyz';
    const locator = new ChunkLocator();
    expect(locator.locate(0, 'xyz', source).start).toBe(8);
    expect(locator.locate(0, 'abc', source).start).toBe(0);
    expect(locator.locate(0, 'nowhere', source).start).toBe(-1);
    expect(locator.locate(1, 'x', 'yx').start).toBe(1);
    expect(packChunks([locator.locate(0, 'abc abc', source), { from: 0, text: 'spelled', start: -1 }])).toEqual({
      from: [0, 0],
      starts: [0, -1],
      ends: [7, -1],
      texts: ['spelled'],
    });
  });

  it('send a text longer than a message as pieces that come back together, and short ones as they are', async () => {
    const long = 'x'.repeat(MAX_CHARS * 2 + 5);
    const items = [...textItems(['short', long, '', 'y'.repeat(MAX_CHARS)])];
    expect(items.map((item) => (typeof item === 'string' ? item.length : `piece ${item.piece.length}`))).toEqual([
      5,
      `piece ${MAX_CHARS}`,
      `piece ${MAX_CHARS}`,
      5,
      0,
      MAX_CHARS,
    ]);
    const texts: string[] = [];
    for await (const text of TextJoiner.texts(items)) texts.push(text);
    expect(texts).toEqual(['short', long, '', 'y'.repeat(MAX_CHARS)]);
  });

  it('send a long document as pieces of its text before its batch, and the server gets every document back', () => {
    const documents: DocumentValue[] = [
      { text: 'first', metadata: { row: 1 } },
      { text: 'z'.repeat(MAX_CHARS * 3), metadata: { page: 2 } },
      { text: 'after', metadata: { row: 3 } },
    ];
    const items = [...documentItems(documents)];
    expect(items.filter(isTextPiece)).toHaveLength(2);
    const unpacker = new DocumentUnpacker();
    for (const item of items) unpacker.add(item);
    expect(unpacker.documents).toEqual(documents);
  });

  it('keep a document whose every chunk is spelled out to one look near each chunk, and still give splitDocuments', async () => {
    // U+2029 between all 20,000 paragraphs: no chunk is found as it is.
    const text = Array.from({ length: 20_000 }, (_, i) => `Paragraph ${i} says a little.`).join('\u2029');
    const documents: DocumentValue[] = [{ text, metadata: { source: 'separators.txt' } }];
    const { chunks, spelledOut } = await throughPacking(documents);
    expect(chunks).toEqual(await splitDocuments(documents, SPLIT));
    expect(spelledOut).toBe(chunks.length);
  });
});
