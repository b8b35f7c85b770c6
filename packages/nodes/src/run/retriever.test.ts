import type { ResultValue } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { retrieverNode } from '../retriever.node.js';
import type { EmbeddingService, EmbedRequest } from '../services/embedding-service.js';
import type { CollectionInfo, VectorQuery, VectorStoreService } from '../services/vector-store-service.js';
import { nodeHarness } from './node-test-kit.js';

const HIT: ResultValue = { text: 'Backups run nightly.', score: 0.8, source: 'ops.md', metadata: { source: 'ops.md' } };
const MODEL = { provider: 'openai' as const, model: 'text-embedding-3-small' };

function services(collection: CollectionInfo | undefined, vector: number[] = [0.6, 0.8]) {
  const queries: VectorQuery[] = [];
  const embedded: EmbedRequest[] = [];
  const vectors: VectorStoreService = {
    collection: async () => collection,
    store: async () => Promise.reject(new Error('not used')),
    async query(query) {
      queries.push(query);
      return [HIT];
    },
  };
  const embeddings: EmbeddingService = {
    async embed(request) {
      embedded.push(request);
      return { embeddings: [vector], usage: { inputTokens: 3, outputTokens: 0 } };
    },
  };
  return { vectors, embeddings, queries, embedded };
}

const handbook: CollectionInfo = { name: 'handbook', embedding: MODEL, dimensions: 2, chunks: 10 };
const base = { collection: 'handbook', topK: 4, minScore: 0, filter: {} };

describe('Retriever run', () => {
  it('searches by keyword with no model call and no key', async () => {
    const s = services(handbook);
    const node = nodeHarness(retrieverNode, s);
    const result = await node.run({ inputs: { input: { text: 'when do backups run' } }, config: { ...base, mode: 'keyword' } });
    expect(result.outputs?.output).toEqual([HIT]);
    expect(s.embedded).toEqual([]);
    expect(s.queries).toEqual([{ collection: 'handbook', mode: 'keyword', text: 'when do backups run', topK: 4, minScore: 0 }]);
    expect(node.logs.map((l) => l.message)).toEqual(['1 result(s) from "handbook" by keyword search, best score 0.800']);
  });

  it('embeds the query with the collection’s model and the node’s key, and passes score and filter on', async () => {
    const s = services(handbook);
    const node = nodeHarness(retrieverNode, s);
    await node.run({
      inputs: { input: 'backups' },
      config: { ...base, mode: 'hybrid', apiKey: 'sk-2', minScore: 0.3, filter: { source: ['ops.md', 'a.md'] } },
    });
    expect(s.embedded).toEqual([{ ...MODEL, apiKey: 'sk-2', texts: ['backups'] }]);
    expect(s.queries[0]).toEqual({
      collection: 'handbook',
      mode: 'hybrid',
      text: 'backups',
      vector: [0.6, 0.8],
      topK: 4,
      minScore: 0.3,
      filter: { source: ['ops.md', 'a.md'] },
    });
    // $0.02 per million tokens (core's price table).
    expect(node.usage).toEqual([{ model: 'text-embedding-3-small', inputTokens: 3, outputTokens: 0, costUsd: 0.00000006 }]);
  });

  it('says when the collection does not exist, has no embeddings, or the model’s vectors changed length', async () => {
    await expect(nodeHarness(retrieverNode, services(undefined)).run({ inputs: { input: 'x' }, config: { ...base, mode: 'keyword' } })).rejects.toThrow(
      'You have no collection named "handbook" yet: run an Embed & Store into it first',
    );
    const keywordOnly = services({ ...handbook, embedding: null, dimensions: 0 });
    await expect(nodeHarness(retrieverNode, keywordOnly).run({ inputs: { input: 'x' }, config: { ...base, mode: 'vector' } })).rejects.toThrow(
      'Collection "handbook" was stored without embeddings, for keyword search only',
    );
    const longer = services(handbook, [1, 0, 0]);
    await expect(nodeHarness(retrieverNode, longer).run({ inputs: { input: 'x' }, config: { ...base, mode: 'vector' } })).rejects.toThrow(
      'text-embedding-3-small (openai) returned a 3-dimension embedding for the query, but "handbook" holds 2-dimension embeddings',
    );
  });

  it.each([
    [{ topK: 0 }, 'Results must be at least 1'],
    [{ filter: ['a'] }, 'Metadata filter must be an object'],
    [{ filter: '{ nope' }, 'Metadata filter is not valid JSON'],
    [{ filter: { page: { gt: 2 } } }, 'Metadata filter "page" must be a text, number, true/false, null or a list of them'],
    [{ filter: { 'a"b': 1 } }, 'Metadata filter key "a"b" is not usable'],
    [{ mode: 'fuzzy' }, 'Search by must be one of hybrid, vector, keyword'],
  ])('says what to fix in the config: %j', async (change, message) => {
    await expect(
      nodeHarness(retrieverNode, services(handbook)).run({ inputs: { input: 'x' }, config: { ...base, mode: 'keyword', ...change } }),
    ).rejects.toThrow(message);
  });

  it('needs a query with text', async () => {
    const node = nodeHarness(retrieverNode, services(handbook));
    await expect(node.run({ inputs: { input: { text: ' ' } }, config: base })).rejects.toThrow('The query is empty');
    await expect(node.run({ inputs: {}, config: base })).rejects.toThrow('No query arrived on the Query input');
  });
});
