import { describe, expect, it } from 'vitest';
import { embedStoreNode } from '../embed-store.node.js';
import type { EmbeddingService, EmbedRequest } from '../services/embedding-service.js';
import type { StoreChunksRequest, VectorStoreService } from '../services/vector-store-service.js';
import { nodeHarness } from './node-test-kit.js';

/** An embedding model returning [length, 1] per text and 2 tokens per text. */
function fakeEmbeddings() {
  const requests: EmbedRequest[] = [];
  const embeddings: EmbeddingService = {
    async embed(request) {
      requests.push(request);
      return { embeddings: request.texts.map((text) => [text.length, 1]), usage: { inputTokens: 2 * request.texts.length, outputTokens: 0 } };
    },
  };
  return { embeddings, requests };
}

/** A store that asks for the embeddings of every chunk, two at a time, and reports them all added. */
function fakeStore() {
  const requests: StoreChunksRequest[] = [];
  const vectors: VectorStoreService = {
    collection: async () => undefined,
    query: async () => [],
    async store(request) {
      requests.push(request);
      if (request.embedding) for (let i = 0; i < request.chunks.length; i += 2) await request.embed(request.chunks.slice(i, i + 2).map((c) => c.text));
      const n = request.chunks.length;
      return { collection: request.collection, added: n, unchanged: 0, removed: 0, total: n, dimensions: 2 };
    },
  };
  return { vectors, requests };
}

const config = {
  collection: ' handbook ',
  mode: 'append',
  provider: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:11434/v1',
  model: 'nomic-embed-text',
  apiKey: 'sk-1',
};
const chunks = [{ text: 'One.', metadata: { source: 'a.md' } }, { text: '  ', metadata: {} }, 'Two.', { text: 'Three.', metadata: { source: 'b.md' } }];

describe('Embed & Store run', () => {
  it('hands the chunks to the store, embeds each batch it asks for and records each batch’s usage', async () => {
    const { embeddings, requests: embedded } = fakeEmbeddings();
    const { vectors, requests } = fakeStore();
    const node = nodeHarness(embedStoreNode, { embeddings, vectors });
    const result = await node.run({ inputs: { input: chunks }, config });
    expect(result.outputs?.output).toEqual({ collection: 'handbook', added: 3, unchanged: 0, removed: 0, total: 3, dimensions: 2 });
    expect(requests[0]).toMatchObject({
      collection: 'handbook',
      mode: 'append',
      embedding: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' },
      chunks: [
        { text: 'One.', metadata: { source: 'a.md' } },
        { text: 'Two.', metadata: {} },
        { text: 'Three.', metadata: { source: 'b.md' } },
      ],
    });
    expect(embedded.map((r) => [r.apiKey, r.model, r.texts])).toEqual([
      ['sk-1', 'nomic-embed-text', ['One.', 'Two.']],
      ['sk-1', 'nomic-embed-text', ['Three.']],
    ]);
    expect(node.usage).toEqual([
      { model: 'nomic-embed-text', inputTokens: 4, outputTokens: 0 },
      { model: 'nomic-embed-text', inputTokens: 2, outputTokens: 0 },
    ]);
    expect(node.logs.map((l) => l.message)).toEqual([
      '1 chunk(s) without text left out',
      'Embedded 2 chunk(s) with nomic-embed-text: 4 tokens',
      'Embedded 1 chunk(s) with nomic-embed-text: 2 tokens',
      '"handbook": 3 added, 0 already stored, 0 removed; 3 chunks in all',
    ]);
  });

  it('stores keyword-only collections with no model and no embedding call', async () => {
    const { vectors, requests } = fakeStore();
    const node = nodeHarness(embedStoreNode, { vectors });
    await node.run({ inputs: { input: [{ text: 'One.', metadata: {} }] }, config: { collection: 'k', provider: 'none', model: '' } });
    expect(requests[0]?.embedding).toBeNull();
    await expect(requests[0]?.embed(['x'])).rejects.toThrow('stored without embeddings');
  });

  it('refuses to replace a collection with nothing, and adds nothing quietly', async () => {
    const { vectors, requests } = fakeStore();
    const node = nodeHarness(embedStoreNode, { vectors, embeddings: fakeEmbeddings().embeddings });
    await expect(node.run({ inputs: { input: [] }, config: { ...config, mode: 'replace' } })).rejects.toThrow(
      'No chunks arrived to store, so "handbook" was left as it is',
    );
    expect(requests).toEqual([]);
    await node.run({ inputs: { input: [] }, config });
    expect(requests).toHaveLength(1);
  });

  it.each([
    [{ collection: '  ' }, 'Collection is required'],
    [{ model: '' }, 'Embedding model is required'],
    [{ baseUrl: '' }, 'An OpenAI-compatible provider needs a Base URL'],
    [{ baseUrl: 'ollama:11434' }, 'Base URL "ollama:11434" should start with http:// or https://'],
    [{ provider: 'cohere' }, 'Embedding provider must be one of openai, openai-compatible, none'],
    [{ apiKey: '{{secrets.NOPE}}' }, 'you have no secret named "NOPE"'],
  ])('says what to fix in the config: %j', async (change, message) => {
    const node = nodeHarness(embedStoreNode, fakeStore());
    await expect(node.run({ inputs: { input: chunks }, config: { ...config, ...change } })).rejects.toThrow(message);
  });

  it('names a value on the input that is not a chunk', async () => {
    const node = nodeHarness(embedStoreNode, fakeStore());
    await expect(node.run({ inputs: { input: ['fine', 42] }, config })).rejects.toThrow('Chunk 2 is not a chunk: expected { text, metadata }, got a number');
  });
});
