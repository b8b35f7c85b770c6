import net from 'node:net';
import type { EmbeddingService } from '@weft/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, type GuardedFetch } from '../outbound/guarded-fetch.js';
import { type OpenAiPeer, peerEmbedding, startOpenAiPeer } from '../test-support/openai-peer.js';
import { createEmbeddingService } from './embedding-service.js';

const never = new AbortController().signal;

let peer: OpenAiPeer;
let fetch: GuardedFetch;
let strictFetch: GuardedFetch;
let embeddings: EmbeddingService;

beforeAll(async () => {
  peer = await startOpenAiPeer({ apiKey: 'sk-peer', models: ['embed-small'], embeddingDimensions: 16 });
  // The peer lives on 127.0.0.1: this fetch allows private networks as the tests' config does.
  fetch = createGuardedFetch({ allowPrivateNetwork: true, allowedPrivateHosts: [] });
  strictFetch = createGuardedFetch({ allowPrivateNetwork: false, allowedPrivateHosts: [] });
  embeddings = createEmbeddingService(fetch);
});

afterAll(async () => {
  await Promise.all([fetch.close(), strictFetch.close(), peer.close()]);
});

describe.each(['openai', 'openai-compatible'] as const)('%s embeddings against the peer', (provider) => {
  it('embeds every text in one request, in order, with the key, and reports the tokens', async () => {
    const before = peer.requests.length;
    const texts = ['paid holiday', 'database backups every night'];
    const result = await embeddings.embed({ provider, baseUrl: peer.url, model: 'embed-small', apiKey: 'sk-peer', texts }, { signal: never });
    expect(result.embeddings.map((vector) => vector.map((v) => +v.toFixed(5)))).toEqual(texts.map((t) => peerEmbedding(t, 16).map((v) => +v.toFixed(5))));
    expect(result.usage).toEqual({ model: 'embed-small', inputTokens: 6, outputTokens: 0 });
    const sent = peer.requests.slice(before);
    expect(sent.map((r) => [r.path, r.headers.authorization, (r.json as { input: string[] }).input])).toEqual([['/v1/embeddings', 'Bearer sk-peer', texts]]);
  });

  it('turns a wrong key and an unknown model into messages that say what to check', async () => {
    await expect(embeddings.embed({ provider, baseUrl: peer.url, model: 'embed-small', apiKey: 'sk-wrong', texts: ['x'] }, { signal: never })).rejects.toThrow(
      'The model server answered 401: Incorrect API key provided. Check the API key secret.',
    );
    await expect(embeddings.embed({ provider, baseUrl: peer.url, model: 'chat-large', apiKey: 'sk-peer', texts: ['x'] }, { signal: never })).rejects.toThrow(
      /^The model server answered 404: The model `chat-large` does not exist.*Check the model name \("chat-large"\)/,
    );
  });
});

describe('embedding service checks', () => {
  it('refuses a private address unless the operator allows it', async () => {
    const strict = createEmbeddingService(strictFetch);
    await expect(strict.embed({ provider: 'openai-compatible', baseUrl: peer.url, model: 'embed-small', texts: ['x'] }, { signal: never })).rejects.toThrow(
      /127\.0\.0\.1/,
    );
  });

  it('says what is missing before calling anyone', async () => {
    const before = peer.requests.length;
    await expect(embeddings.embed({ provider: 'openai', model: 'text-embedding-3-small', texts: ['x'] }, { signal: never })).rejects.toThrow(
      'OpenAI needs an API key: add it under Settings → Secrets',
    );
    await expect(embeddings.embed({ provider: 'openai-compatible', model: 'm', texts: ['x'] }, { signal: never })).rejects.toThrow(
      'An OpenAI-compatible provider needs a base URL',
    );
    expect(await embeddings.embed({ provider: 'openai', model: 'm', apiKey: 'k', texts: [] }, { signal: never })).toEqual({
      embeddings: [],
      usage: { model: 'm', inputTokens: 0, outputTokens: 0 },
    });
    expect(peer.requests.length).toBe(before);
  });

  it('names the server it could not reach', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    await expect(embeddings.embed({ provider: 'openai-compatible', baseUrl, model: 'm', texts: ['x'] }, { signal: never })).rejects.toThrow(
      `Could not connect to the model server at ${baseUrl}: connection refused`,
    );
  });
});
