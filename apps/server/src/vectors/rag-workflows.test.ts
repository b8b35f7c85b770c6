import type { WorkflowDocument } from '@weft/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Weft } from '../main.js';
import { type OpenAiPeer, startOpenAiPeer } from '../test-support/openai-peer.js';
import { createWeftPlace, removeWeftPlace, startWeftAt } from '../test-support/restartable-weft.js';
import { createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Embed & Store → Retriever as a user runs them: workflows saved and run through the HTTP
 * API, embeddings from the OpenAI-compatible peer on 127.0.0.1 (a hashed bag of words, so
 * texts sharing words are near), the store in the real database, on SQLite and PostgreSQL.
 * Chunks come from a custom node type ("Chunks from JSON") made through the API.
 */

const API_KEY = 'sk-embed-0123456789abcdef';

const HANDBOOK = [
  { text: 'Holidays: every employee gets twenty five days of paid holiday a year.', metadata: { source: 'handbook.md', page: 1 } },
  { text: 'Expenses are paid back within ten days when the receipt is attached.', metadata: { source: 'handbook.md', page: 2 } },
  { text: 'The office opens at eight and the kitchen serves lunch at noon.', metadata: { source: 'office.md', page: 1 } },
  { text: 'Backups of the database run every night and are kept for thirty days.', metadata: { source: 'ops.md', page: 7 } },
];

interface Execution {
  id: string;
  status: string;
  error: string | null;
  outputs: Record<string, unknown>;
  usage: { inputTokens: number; outputTokens: number } | null;
  nodes: Record<string, { status: string; error: string | null }>;
}

interface Result {
  text: string;
  score: number;
  source?: string;
  metadata: Record<string, unknown>;
}

async function runAndWait(weft: Weft, user: SignedIn, workflowId: string, inputs: Record<string, unknown>): Promise<Execution> {
  const res = await weft.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: { inputs } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().execution as Execution;
}

/** A user with the model key as a secret and the "Chunks from JSON" node type; returns that type. */
async function prepareUser(weft: Weft, user: SignedIn, key = API_KEY): Promise<string> {
  const secret = await weft.app.inject({ method: 'POST', url: '/api/secrets', headers: user.headers, payload: { name: 'EMBED_KEY', value: key } });
  expect(secret.statusCode, secret.body).toBe(201);
  const type = await weft.app.inject({
    method: 'POST',
    url: '/api/custom-nodes',
    headers: user.headers,
    payload: {
      title: 'Chunks from JSON',
      description: 'Parses a JSON list of chunks.',
      inputs: [{ id: 'json', label: 'JSON', type: 'text' }],
      outputs: [{ id: 'chunks', label: 'Chunks', type: 'chunks' }],
      config: [],
      code: 'return { chunks: JSON.parse(inputs.json) };',
    },
  });
  expect(type.statusCode, type.body).toBe(201);
  return type.json().customNode.type as string;
}

function storeConfig(peer: OpenAiPeer, overrides: Record<string, unknown> = {}) {
  return {
    collection: 'handbook',
    mode: 'replace',
    provider: 'openai-compatible',
    baseUrl: peer.url,
    model: 'bag-of-words',
    apiKey: '{{secrets.EMBED_KEY}}',
    ...overrides,
  };
}

/** Text Input (the chunks as JSON) → Chunks from JSON → Embed & Store → Output. */
function indexWorkflow(chunksType: string, config: Record<string, unknown>): WorkflowDocument {
  return workflow(
    'Index',
    [node('docs', 'input.text', { text: '[]', askOnRun: true }), node('parse', chunksType), node('store', 'rag.store', config), node('summary', 'output')],
    [edge('docs', 'parse', 'output', 'json'), edge('parse', 'store', 'chunks', 'input'), edge('store', 'summary')],
  );
}

/** Text Input (the question) → Text to Query → Retriever → Output. */
function askWorkflow(config: Record<string, unknown>): WorkflowDocument {
  return workflow(
    'Ask',
    [
      node('question', 'input.text', { text: '', askOnRun: true }),
      node('query', 'convert', { sourceType: 'text', targetType: 'query' }),
      node('retrieve', 'rag.retrieve', { collection: 'handbook', topK: 3, minScore: 0, filter: {}, ...config }),
      node('results', 'output'),
    ],
    [edge('question', 'query'), edge('query', 'retrieve'), edge('retrieve', 'results')],
  );
}

describeEachDatabase('RAG workflows', (database) => {
  const weft = useTestWeft(database);
  let peer: OpenAiPeer;
  let user: SignedIn;
  let chunksType: string;
  let ask: (config: Record<string, unknown>, question: string) => Promise<Execution>;
  beforeAll(async () => {
    peer = await startOpenAiPeer({ apiKey: API_KEY });
    user = await signUp(weft());
    chunksType = await prepareUser(weft(), user);
    const askIds = new Map<string, string>();
    ask = async (config, question) => {
      const key = JSON.stringify(config);
      let id = askIds.get(key);
      if (!id) {
        id = await createWorkflow(weft(), user, askWorkflow(config));
        askIds.set(key, id);
      }
      return runAndWait(weft(), user, id, { question });
    };
  });
  afterAll(() => peer.close());

  const results = (execution: Execution) => {
    expect(execution.status, execution.error ?? '').toBe('success');
    return execution.outputs.results as Result[];
  };

  it('indexes and retrieves in one run: the retriever waits for the store through After', async () => {
    const document = workflow(
      'Index and ask',
      [
        node('docs', 'input.text', { text: JSON.stringify(HANDBOOK) }),
        node('parse', chunksType),
        node('store', 'rag.store', storeConfig(peer)),
        node('question', 'input.text', { text: 'how many days of paid holiday does an employee get' }),
        node('query', 'convert', { sourceType: 'text', targetType: 'query' }),
        node('retrieve', 'rag.retrieve', { collection: 'handbook', mode: 'vector', topK: 2, minScore: 0, filter: {}, apiKey: '{{secrets.EMBED_KEY}}' }),
        node('results', 'output'),
      ],
      [
        edge('docs', 'parse', 'output', 'json'),
        edge('parse', 'store', 'chunks', 'input'),
        edge('store', 'retrieve', 'output', 'after'),
        edge('question', 'query'),
        edge('query', 'retrieve'),
        edge('retrieve', 'results'),
      ],
    );
    const before = peer.requests.length;
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, document), {});
    const found = results(execution);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ source: 'handbook.md', metadata: { source: 'handbook.md', page: 1 } });
    expect(found[0]?.text).toMatch(/^Holidays/);
    expect(found[0]?.score).toBeGreaterThan(found[1]?.score ?? 1);
    // One batch for the four chunks, one call for the query; both with the key, both counted.
    const calls = peer.requests.slice(before);
    expect(calls.map((call) => call.path)).toEqual(['/v1/embeddings', '/v1/embeddings']);
    expect(calls.map((call) => (call.json as { input: string[] }).input.length)).toEqual([4, 1]);
    expect(calls.every((call) => call.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    const words = (text: string) => text.split(/\s+/).length;
    expect(execution.usage?.inputTokens).toBe(
      HANDBOOK.reduce((sum, c) => sum + words(c.text), 0) + words('how many days of paid holiday does an employee get'),
    );
  });

  it('re-indexing the same documents stores and embeds nothing again', async () => {
    const id = await createWorkflow(weft(), user, indexWorkflow(chunksType, storeConfig(peer, { mode: 'append' })));
    const first = await runAndWait(weft(), user, id, { docs: JSON.stringify(HANDBOOK) });
    expect(first.status, first.error ?? '').toBe('success');
    const before = peer.requests.length;
    const again = await runAndWait(weft(), user, id, { docs: JSON.stringify(HANDBOOK) });
    expect(again.outputs.summary).toEqual({ collection: 'handbook', added: 0, unchanged: 4, removed: 0, total: 4, dimensions: 64 });
    expect(peer.requests.length).toBe(before);
    const listed = await weft().app.inject({ method: 'GET', url: '/api/collections', headers: user.headers });
    expect(listed.json().collections).toEqual([expect.objectContaining({ name: 'handbook', chunks: 4, model: 'bag-of-words', dimensions: 64 })]);
  });

  it('searches by keyword with no key and no call to the model server', async () => {
    const before = peer.requests.length;
    const found = results(await ask({ mode: 'keyword' }, 'When do backups run?'));
    expect(found.map((r) => r.source)).toEqual(['ops.md']);
    expect(found[0]?.score).toBeGreaterThan(0);
    expect(peer.requests.length).toBe(before);
  });

  it('searches by meaning and keywords together (hybrid)', async () => {
    const found = results(await ask({ mode: 'hybrid', apiKey: '{{secrets.EMBED_KEY}}' }, 'receipt for expenses'));
    expect(found[0]).toMatchObject({ source: 'handbook.md', score: 1, metadata: { page: 2 } });
    expect(found.length).toBeGreaterThan(1);
  });

  it('leaves out results under the minimum score and outside the metadata filter', async () => {
    const vector = { mode: 'vector', apiKey: '{{secrets.EMBED_KEY}}', topK: 4 };
    const all = results(await ask(vector, 'paid holiday days'));
    expect(all).toHaveLength(4);
    const cut = ((all[0]?.score ?? 0) + (all[1]?.score ?? 0)) / 2;
    const best = results(await ask({ ...vector, minScore: Math.round(cut * 100) / 100 }, 'paid holiday days'));
    expect(best.map((r) => r.text)).toEqual([all[0]?.text]);
    const office = results(await ask({ ...vector, filter: { source: 'office.md' } }, 'paid holiday days'));
    expect(office.map((r) => r.source)).toEqual(['office.md']);
    const pages = results(await ask({ mode: 'keyword', topK: 4, filter: { page: [2, 7] } }, 'days'));
    expect(pages.map((r) => r.metadata.page).sort()).toEqual([2, 7]);
  });

  it('fails the node with the server’s 401 when the key is wrong, and never shows the key', async () => {
    const other = await signUp(weft());
    const type = await prepareUser(weft(), other, 'sk-wrong-key-000000');
    const execution = await runAndWait(weft(), other, await createWorkflow(weft(), other, indexWorkflow(type, storeConfig(peer))), {
      docs: JSON.stringify(HANDBOOK),
    });
    expect(execution.status).toBe('error');
    expect(execution.nodes.store?.error).toBe('The model server answered 401: Incorrect API key provided. Check the API key secret.');
    expect(JSON.stringify(execution)).not.toContain('sk-wrong-key-000000');
  });

  it('fails the node naming both lengths when embeddings of another length go into a collection', async () => {
    const id = await createWorkflow(weft(), user, indexWorkflow(chunksType, storeConfig(peer, { collection: 'sized', mode: 'append' })));
    expect((await runAndWait(weft(), user, id, { docs: JSON.stringify(HANDBOOK.slice(0, 2)) })).status).toBe('success');
    peer.set({ embeddingDimensions: 32 });
    try {
      const execution = await runAndWait(weft(), user, id, { docs: JSON.stringify(HANDBOOK.slice(2)) });
      expect(execution.status).toBe('error');
      expect(execution.nodes.store?.error).toBe(
        `bag-of-words at ${peer.url} returned 32-dimension embeddings, but collection "sized" holds 64-dimension ones. Has the model changed? Choose "Replace the collection" to rebuild it.`,
      );
    } finally {
      peer.set({ embeddingDimensions: 64 });
    }
    const listed = await weft().app.inject({ method: 'GET', url: '/api/collections', headers: user.headers });
    expect(listed.json().collections.find((c: { name: string }) => c.name === 'sized')).toMatchObject({ chunks: 2, dimensions: 64 });
  });

  it('stores for keyword search only with no model at all', async () => {
    const before = peer.requests.length;
    const id = await createWorkflow(weft(), user, indexWorkflow(chunksType, { collection: 'offline', mode: 'replace', provider: 'none', model: '' }));
    const stored = await runAndWait(weft(), user, id, { docs: JSON.stringify(HANDBOOK) });
    expect(stored.outputs.summary).toMatchObject({ added: 4, total: 4, dimensions: 0 });
    const found = results(await ask({ collection: 'offline', mode: 'keyword' }, 'kitchen lunch'));
    expect(found.map((r) => r.source)).toEqual(['office.md']);
    expect(peer.requests.length).toBe(before);
    const meaning = await ask({ collection: 'offline', mode: 'vector' }, 'kitchen lunch');
    expect(meaning.nodes.retrieve?.error).toMatch(/^Collection "offline" was stored without embeddings, for keyword search only/);
  });

  it('keeps collections across a restart', async () => {
    const place = await createWeftPlace(database);
    const env = { WEFT_ALLOW_PRIVATE_NETWORK: '1' };
    try {
      let running = await startWeftAt(place, { env });
      const owner = await signUp(running);
      const type = await prepareUser(running, owner);
      const indexed = await runAndWait(running, owner, await createWorkflow(running, owner, indexWorkflow(type, storeConfig(peer))), {
        docs: JSON.stringify(HANDBOOK),
      });
      expect(indexed.status, indexed.error ?? '').toBe('success');
      const askId = await createWorkflow(running, owner, askWorkflow({ mode: 'hybrid', apiKey: '{{secrets.EMBED_KEY}}' }));
      const before = (await runAndWait(running, owner, askId, { question: 'lunch in the office kitchen' })).outputs.results;
      await running.close();

      running = await startWeftAt(place, { env });
      try {
        const listed = await running.app.inject({ method: 'GET', url: '/api/collections', headers: owner.headers });
        expect(listed.json().collections).toEqual([expect.objectContaining({ name: 'handbook', chunks: 4, dimensions: 64 })]);
        const after = await runAndWait(running, owner, askId, { question: 'lunch in the office kitchen' });
        expect(after.status, after.error ?? '').toBe('success');
        expect(after.outputs.results).toEqual(before);
        expect((after.outputs.results as Result[])[0]?.source).toBe('office.md');
      } finally {
        await running.close();
      }
    } finally {
      removeWeftPlace(place);
    }
  });
});
