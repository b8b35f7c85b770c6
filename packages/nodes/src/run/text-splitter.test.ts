import { describe, expect, it } from 'vitest';
import type { DocumentService, SplitOptions } from '../services/document-service.js';
import { textSplitterNode } from '../text-splitter.node.js';
import { nodeHarness } from './node-test-kit.js';
import { SPLIT_DEFAULTS } from './text-splitter.js';

/** Records what the node asks of the splitter; the splitting itself is tested in apps/server/src/documents. */
function recordingSplitter() {
  const calls: { documents: unknown; options: SplitOptions }[] = [];
  const documents: DocumentService = {
    parse: () => Promise.reject(new Error('not used')),
    readFeed: () => Promise.reject(new Error('not used')),
    async split(docs, options) {
      calls.push({ documents: docs, options });
      return docs.map((d, chunk) => ({ text: d.text, metadata: { ...d.metadata, chunk } }));
    },
  };
  return { documents, calls };
}

describe('Text Splitter run: settings and input', () => {
  it('passes the configured sizes, and the defaults for what is missing', async () => {
    const { documents, calls } = recordingSplitter();
    const node = nodeHarness(textSplitterNode, { documents });
    await node.run({ inputs: { input: [{ text: 'a', metadata: { source: 'x' } }] }, config: { chunkSize: 500, chunkOverlap: 50, splitOn: 'sentences' } });
    await node.run({ inputs: { input: 'plain text' } });
    expect(calls.map((c) => ({ chunkSize: c.options.chunkSize, chunkOverlap: c.options.chunkOverlap, splitOn: c.options.splitOn }))).toEqual([
      { chunkSize: 500, chunkOverlap: 50, splitOn: 'sentences' },
      SPLIT_DEFAULTS,
    ]);
    expect(calls[1]?.documents).toEqual([{ text: 'plain text', metadata: {} }]);
    expect(node.logs.map((l) => l.message)).toEqual([
      '1 document → 1 chunk of up to 500 characters, 50 overlap',
      '1 document → 1 chunk of up to 1000 characters, 200 overlap',
    ]);
  });

  it('refuses an overlap that is not below the size, and unknown choices, before splitting', async () => {
    const { documents, calls } = recordingSplitter();
    const node = nodeHarness(textSplitterNode, { documents });
    await expect(node.run({ inputs: { input: [] }, config: { chunkSize: 300, chunkOverlap: 400 } })).rejects.toThrow(
      'Overlap (400) must be smaller than Chunk size (300): lower the overlap or raise the size',
    );
    await expect(node.run({ inputs: { input: [] }, config: { chunkSize: 100.5 } })).rejects.toThrow('Chunk size (characters) must be in steps of 1');
    await expect(node.run({ inputs: { input: [] }, config: { splitOn: 'words' } })).rejects.toThrow(
      'Split on must be one of paragraphs, sentences, characters',
    );
    await expect(node.run({ inputs: { input: [42] } })).rejects.toThrow('Document 1 is not a document: expected { text, metadata }, got number');
    expect(calls).toEqual([]);
  });

  it('has defaults that are what the Split Documents converter uses', () => {
    const defaults = Object.fromEntries(textSplitterNode.config.map((f) => [f.key, 'default' in f ? f.default : undefined]));
    expect(defaults).toEqual(SPLIT_DEFAULTS);
  });
});
