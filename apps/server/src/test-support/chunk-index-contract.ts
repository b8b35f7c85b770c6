import type { ChunkValue } from '@weft/core';
import type { EmbeddingModelRef, StoreChunksRequest, VectorStoreService } from '@weft/nodes';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORE_BATCH, STORE_BATCH_CHARACTERS } from '../vectors/vector-store.js';
import { peerEmbedding } from './openai-peer.js';
import { signUp, type TestDatabase, type TestWeft, useTestWeft } from './test-weft.js';

/** A chunk index under test: the database whose index the vector store uses, and the index's own objects. */
export interface ChunkIndexUnderTest {
  database: TestDatabase;
  /** The database objects a collection's index keeps beside its chunk rows (SQLite: its vec0 and FTS5 tables; PostgreSQL: none). */
  indexObjects(weft: TestWeft, collectionId: string): Promise<string[]>;
  /** How many of them a collection with vectors has. */
  objectsPerCollection: number;
}

/*
 * What every ChunkIndex (vectors/chunk-index.ts) gives the vector store, run through it on
 * each implementation: SQLite (sqlite-vec + FTS5) and PostgreSQL (exact search + tsvector).
 * The same writes and the same searches give the same answers. Embeddings come from the
 * model peer's hashed bag of words, called directly.
 */

const MODEL: EmbeddingModelRef = { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'bag-of-words' };

const HANDBOOK: ChunkValue[] = [
  { text: 'Holidays: every employee gets twenty five days of paid holiday a year.', metadata: { source: 'handbook.md', page: 1, public: true } },
  { text: 'Expenses are paid back within ten days when the receipt is attached.', metadata: { source: 'handbook.md', page: 2, public: false } },
  { text: 'The office opens at eight and the kitchen serves lunch at noon.', metadata: { source: 'office.md', page: 1, public: true } },
  { text: 'Backups of the database run every night and are kept for thirty days.', metadata: { source: 'ops.md', page: 7, team: null } },
];

function embedder(dimensions = 64) {
  const calls: string[][] = [];
  return {
    calls,
    embed: async (texts: readonly string[]) => {
      calls.push([...texts]);
      return texts.map((text) => peerEmbedding(text, dimensions));
    },
  };
}

function storeRequest(collection: string, chunks: readonly ChunkValue[], overrides: Partial<StoreChunksRequest> = {}): StoreChunksRequest {
  return { collection, embedding: MODEL, chunks, mode: 'replace', signal: new AbortController().signal, ...embedder(), ...overrides };
}

export function describeChunkIndexContract(name: string, subject: ChunkIndexUnderTest): void {
  describe(`ChunkIndex contract: ${name}`, () => {
    const weft = useTestWeft(subject.database);
    const indexTables = subject.indexObjects;
    let vectors: VectorStoreService;
    let userId: string;
    beforeAll(async () => {
      userId = (await signUp(weft())).userId;
      vectors = weft().services.vectors.forUser(userId);
      await vectors.store(storeRequest('handbook', HANDBOOK));
    });

    const ask = (text: string, mode: 'vector' | 'keyword' | 'hybrid', extra: { topK?: number; minScore?: number; filter?: Record<string, unknown> } = {}) =>
      vectors.query({
        collection: 'handbook',
        mode,
        text,
        vector: mode === 'keyword' ? undefined : peerEmbedding(text),
        topK: extra.topK ?? 3,
        minScore: extra.minScore ?? 0,
        ...(extra.filter ? { filter: extra.filter as never } : {}),
      });

    it('lists the collection with its chunks, model, dimensions and size', async () => {
      const [summary, ...others] = await weft().services.vectors.list(userId);
      expect(others).toEqual([]);
      expect(summary).toMatchObject({ name: 'handbook', chunks: 4, provider: 'openai-compatible', model: 'bag-of-words', dimensions: 64 });
      const text = HANDBOOK.reduce((sum, c) => sum + Buffer.byteLength(c.text) + Buffer.byteLength(JSON.stringify(c.metadata)), 0);
      expect(summary?.sizeBytes).toBe(text + 4 * 64 * 4);
      expect(await vectors.collection('handbook')).toEqual({ name: 'handbook', embedding: MODEL, dimensions: 64, chunks: 4 });
      expect(await vectors.collection('Handbook')).toBeUndefined();
    });

    it('finds by meaning: the chunk sharing the most words first, scored by cosine similarity', async () => {
      const results = await ask('how many days of paid holiday does an employee get', 'vector');
      expect(results[0]).toMatchObject({ source: 'handbook.md', metadata: { page: 1 } });
      expect(results[0]?.text).toMatch(/^Holidays/);
      expect(results).toHaveLength(3);
      const expected = cosine(peerEmbedding('how many days of paid holiday does an employee get'), peerEmbedding(HANDBOOK[0]?.text ?? ''));
      expect(results[0]?.score).toBeCloseTo(expected, 3);
      expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
    });

    it('finds by keyword with stems and no vector, and leaves out chunks without the words', async () => {
      const results = await ask('backup database nightly', 'keyword');
      expect(results.map((r) => r.source)).toEqual(['ops.md']);
      expect(results[0]?.score).toBeGreaterThan(0);
      expect(results[0]?.score).toBeLessThan(1);
      expect(await ask('the of and', 'keyword')).toEqual([]);
      expect(await ask('zebra', 'keyword')).toEqual([]);
    });

    it('fuses both rankings in hybrid search: first in both scores 1', async () => {
      const results = await ask('receipt expenses paid back', 'hybrid');
      expect(results[0]).toMatchObject({ source: 'handbook.md', score: 1, metadata: { page: 2 } });
      expect(results[1]?.score).toBeLessThan(1);
    });

    it('drops results under the minimum score', async () => {
      const all = await ask('paid holiday days', 'vector', { topK: 4 });
      const cut = ((all[0]?.score ?? 0) + (all[1]?.score ?? 0)) / 2;
      const some = await ask('paid holiday days', 'vector', { topK: 4, minScore: cut });
      expect(some.length).toBeGreaterThan(0);
      expect(some.length).toBeLessThan(all.length);
      expect(some.every((r) => r.score >= cut)).toBe(true);
    });

    it('filters by metadata in every mode, comparing types strictly', async () => {
      for (const mode of ['vector', 'keyword', 'hybrid'] as const) {
        const office = await ask('days paid office lunch', mode, { topK: 4, filter: { source: 'office.md' } });
        expect(office.map((r) => r.source)).toEqual(['office.md']);
      }
      const sources = async (filter: Record<string, unknown>) =>
        (await ask('days paid office lunch backups', 'vector', { topK: 4, filter })).map((r) => `${r.source}:${r.metadata.page}`).sort();
      expect(await sources({ public: true })).toEqual(['handbook.md:1', 'office.md:1']);
      expect(await sources({ page: 1 })).toEqual(['handbook.md:1', 'office.md:1']);
      expect(await sources({ page: '1' })).toEqual([]);
      expect(await sources({ page: [2, 7] })).toEqual(['handbook.md:2', 'ops.md:7']);
      expect(await sources({ source: 'handbook.md', public: false })).toEqual(['handbook.md:2']);
      expect(await sources({ team: null })).toEqual(['handbook.md:1', 'handbook.md:2', 'office.md:1', 'ops.md:7']);
      expect(await sources({ page: ['1', 7, true] })).toEqual(['ops.md:7']);
      expect(await sources({ public: [false, 'true', null] })).toEqual(['handbook.md:2', 'ops.md:7']);
      // Past SQLite's 32,766 variables when each value was its own parameter.
      const many = Array.from({ length: 40_000 }, (_, i) => `file-${i}.md`);
      expect(await sources({ source: [...many, 'office.md'] })).toEqual(['office.md:1']);
      expect(await sources({ page: [...Array.from({ length: 40_000 }, (_, i) => i + 100), 2] })).toEqual(['handbook.md:2']);
    });

    it('lets other work run while it stores many chunks', async () => {
      const chunks = Array.from({ length: 12_000 }, (_, i) => ({
        text: `Line ${i} of a long upload about invoices.`,
        metadata: { source: 'big.csv', row: i },
      }));
      let turns = 0;
      let storing = true;
      const count = async () => {
        while (storing) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          turns += 1;
        }
      };
      const counting = count();
      const result = await vectors.store(storeRequest('many', chunks, { embedding: null })).finally(() => {
        storing = false;
      });
      await counting;
      expect(result).toMatchObject({ added: 12_000, total: 12_000 });
      // 47 writes of 256 and six hashing slices: SQLite's synchronous driver gave none before.
      expect(turns).toBeGreaterThanOrEqual(40);
    });

    it('finds chunks added after a search (nothing stale is kept between searches)', async () => {
      const before = await vectors.query({ collection: 'fresh', mode: 'vector', text: '', vector: peerEmbedding('x'), topK: 1, minScore: 0 }).catch(() => []);
      expect(before).toEqual([]);
      await vectors.store(storeRequest('fresh', HANDBOOK.slice(0, 1)));
      const question = peerEmbedding('kitchen serves lunch at noon');
      const first = await vectors.query({ collection: 'fresh', mode: 'vector', text: '', vector: question, topK: 1, minScore: 0 });
      expect(first.map((r) => r.source)).toEqual(['handbook.md']);
      await vectors.store(storeRequest('fresh', HANDBOOK.slice(2, 3), { mode: 'append' }));
      const second = await vectors.query({ collection: 'fresh', mode: 'vector', text: '', vector: question, topK: 1, minScore: 0 });
      expect(second.map((r) => r.source)).toEqual(['office.md']);
    });

    it('stores nothing twice: the same chunks again embed nothing, and a duplicate in the input is one chunk', async () => {
      const again = embedder();
      const result = await vectors.store(storeRequest('handbook', [...HANDBOOK, HANDBOOK[0] as ChunkValue], { embed: again.embed, mode: 'append' }));
      expect(result).toEqual({ collection: 'handbook', added: 0, unchanged: 5, removed: 0, total: 4, dimensions: 64 });
      expect(again.calls).toEqual([]);
    });

    it('replaces: keeps what is still there without embedding it, adds the new, removes the rest', async () => {
      const chunks = [HANDBOOK[0], HANDBOOK[1], { text: 'Parking is free for bicycles.', metadata: { source: 'office.md' } }] as ChunkValue[];
      await vectors.store(storeRequest('rebuilt', HANDBOOK));
      const calls = embedder();
      const result = await vectors.store(storeRequest('rebuilt', chunks, { embed: calls.embed }));
      expect(result).toMatchObject({ added: 1, unchanged: 2, removed: 2, total: 3 });
      expect(calls.calls).toEqual([['Parking is free for bicycles.']]);
      const summary = (await weft().services.vectors.list(userId)).find((c) => c.name === 'rebuilt');
      const bytes = chunks.reduce((sum, c) => sum + Buffer.byteLength(c.text) + Buffer.byteLength(JSON.stringify(c.metadata)) + 64 * 4, 0);
      expect(summary).toMatchObject({ chunks: 3, sizeBytes: bytes });
      const found = await vectors.query({ collection: 'rebuilt', mode: 'keyword', text: 'backups kitchen', topK: 5, minScore: 0 });
      expect(found).toEqual([]);
    });

    it('embeds a large input in batches and writes each before asking for the next', async () => {
      const many = Array.from({ length: 600 }, (_, i) => ({ text: `Note number ${i} about topic ${i % 7}`, metadata: { source: 'notes', i } }));
      const calls = embedder();
      const flaky = async (texts: readonly string[]) => {
        if (calls.calls.length === 2) throw new Error('the model server went away');
        return calls.embed(texts);
      };
      await expect(vectors.store(storeRequest('notes', many, { embed: flaky }))).rejects.toThrow('the model server went away');
      expect(calls.calls.map((batch) => batch.length)).toEqual([STORE_BATCH, STORE_BATCH]);
      expect((await vectors.collection('notes'))?.chunks).toBe(2 * STORE_BATCH);
      const rest = embedder();
      expect(await vectors.store(storeRequest('notes', many, { embed: rest.embed }))).toMatchObject({ added: 88, unchanged: 512, total: 600 });
      expect(rest.calls.map((batch) => batch.length)).toEqual([88]);
    });

    it('keeps a batch under its character budget: long chunks go in smaller batches', async () => {
      // Each about 3/8 of the budget: two fit, a third does not.
      const long = (i: number) => ({ text: `${i} ${'word '.repeat((STORE_BATCH_CHARACTERS * 3) / 40)}`, metadata: {} });
      const calls = embedder();
      await vectors.store(storeRequest('long', [long(1), long(2), long(3), { text: 'short', metadata: {} }], { embed: calls.embed }));
      expect(calls.calls.map((batch) => batch.length)).toEqual([2, 2]);
    });

    it('refuses another model on Add and another length of vectors, and rebuilds on Replace', async () => {
      await vectors.store(storeRequest('models', HANDBOOK));
      const other: EmbeddingModelRef = { provider: 'openai', model: 'text-embedding-3-small' };
      await expect(vectors.store(storeRequest('models', HANDBOOK.slice(0, 1), { embedding: other, mode: 'append' }))).rejects.toThrow(
        'Collection "models" was built with bag-of-words at http://127.0.0.1:1/v1, 64 dimensions; this node embeds with text-embedding-3-small (openai).',
      );
      const wide = embedder(32);
      await expect(vectors.store(storeRequest('models', [{ text: 'A new page.', metadata: {} }], { mode: 'append', embed: wide.embed }))).rejects.toThrow(
        'bag-of-words at http://127.0.0.1:1/v1 returned 32-dimension embeddings, but collection "models" holds 64-dimension ones.',
      );
      const rebuilt = await vectors.store(storeRequest('models', HANDBOOK.slice(0, 2), { embedding: other, embed: embedder(32).embed }));
      expect(rebuilt).toMatchObject({ added: 2, total: 2, dimensions: 32 });
      expect(await vectors.collection('models')).toMatchObject({ embedding: other, dimensions: 32, chunks: 2 });
    });

    it('stores keyword-only collections without any model', async () => {
      const calls = embedder();
      await vectors.store(storeRequest('words', HANDBOOK, { embedding: null, embed: calls.embed }));
      expect(calls.calls).toEqual([]);
      expect(await vectors.collection('words')).toMatchObject({ embedding: null, dimensions: 0, chunks: 4 });
      const found = await vectors.query({ collection: 'words', mode: 'keyword', text: 'kitchen lunch', topK: 2, minScore: 0 });
      expect(found.map((r) => r.source)).toEqual(['office.md']);
      await expect(vectors.query({ collection: 'words', mode: 'vector', text: 'x', vector: peerEmbedding('x'), topK: 2, minScore: 0 })).rejects.toThrow(
        'Collection "words" has no embeddings',
      );
    });

    describe('ownership and deletion', () => {
      it("keeps each user's collections apart and deletes one with its indexes", async () => {
        const other = await signUp(weft());
        const theirs = weft().services.vectors.forUser(other.userId);
        expect(await theirs.collection('handbook')).toBeUndefined();
        await expect(theirs.query({ collection: 'handbook', mode: 'keyword', text: 'holiday', topK: 1, minScore: 0 })).rejects.toThrow(
          'You have no collection named "handbook"',
        );
        await theirs.store(storeRequest('handbook', HANDBOOK.slice(0, 1)));
        expect((await vectors.collection('handbook'))?.chunks).toBe(4);

        const id = (await weft().services.vectors.list(other.userId))[0]?.id as string;
        expect(await weft().services.vectors.delete(userId, id)).toBe(false);
        expect(await weft().services.vectors.delete(other.userId, id)).toBe(true);
        expect(await theirs.collection('handbook')).toBeUndefined();
        expect(await indexTables(weft(), id)).toEqual([]);
        const left = await weft().services.db.selectFrom('vector_chunks').select('id').where('collection_id', '=', id).execute();
        expect(left).toEqual([]);
      });

      it('drops the index tables of an account that is deleted', async () => {
        const leaving = await signUp(weft());
        await weft().services.vectors.forUser(leaving.userId).store(storeRequest('mine', HANDBOOK));
        const id = (await weft().services.vectors.list(leaving.userId))[0]?.id as string;
        expect((await indexTables(weft(), id)).length).toBe(subject.objectsPerCollection);
        const res = await weft().app.inject({ method: 'DELETE', url: '/api/me', headers: leaving.headers, payload: { password: 'correct horse' } });
        expect(res.statusCode, res.body).toBeLessThan(300);
        expect(await indexTables(weft(), id)).toEqual([]);
        expect(await weft().services.db.selectFrom('vector_collections').select('id').where('id', '=', id).execute()).toEqual([]);
      });
    });
  });
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}
