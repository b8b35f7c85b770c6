import type { LlmChatRequest, LlmService } from '@weft/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, type GuardedFetch } from '../outbound/guarded-fetch.js';
import { type AnthropicPeer, startAnthropicPeer } from '../test-support/anthropic-peer.js';
import { type OpenAiPeer, splitIntoTokens, startOpenAiPeer } from '../test-support/openai-peer.js';
import { createLlmService } from './llm-service.js';

const REPLY = 'Weft streams every token of this answer in order.';
const never = new AbortController().signal;

let openai: OpenAiPeer;
let anthropic: AnthropicPeer;
let fetch: GuardedFetch;
let strictFetch: GuardedFetch;
let llm: LlmService;

beforeAll(async () => {
  openai = await startOpenAiPeer({ reply: REPLY, apiKey: 'sk-peer', models: ['peer-model'], usage: { promptTokens: 17, completionTokens: 9 } });
  anthropic = await startAnthropicPeer({ reply: REPLY, apiKey: 'sk-ant-peer', usage: { inputTokens: 21, outputTokens: 11 } });
  // The suites' peers live on 127.0.0.1, so this fetch allows private networks, as the
  // test environment's WEFT_ALLOW_PRIVATE_NETWORK=1 does.
  fetch = createGuardedFetch({ allowPrivateNetwork: true, allowedPrivateHosts: [] });
  strictFetch = createGuardedFetch({ allowPrivateNetwork: false, allowedPrivateHosts: [] });
  llm = createLlmService(fetch);
});

afterAll(async () => {
  await Promise.all([fetch.close(), strictFetch.close(), openai.close(), anthropic.close()]);
});

async function chat(request: LlmChatRequest, service = llm, signal = never) {
  const tokens: string[] = [];
  const result = await service.chat(request, { signal, onToken: (token) => tokens.push(token) });
  return { ...result, tokens };
}

describe('OPENAI_BASE_URL', () => {
  it("sends provider OpenAI to the operator's gateway when the node names no base URL", async () => {
    const before = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = openai.url;
    try {
      const seen = openai.requests.length;
      const result = await chat({ provider: 'openai', model: 'peer-model', apiKey: 'sk-peer', prompt: 'Hi' });
      expect(result.text).toBe(REPLY);
      expect(openai.requests.length).toBe(seen + 1);
    } finally {
      if (before === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = before;
    }
  });
});

describe.each([
  { provider: 'openai-compatible' as const, path: '/v1/chat/completions' },
  { provider: 'openai' as const, path: '/v1/chat/completions' },
])('$provider against the OpenAI-compatible peer', ({ provider, path }) => {
  const base = () => ({ provider, baseUrl: openai.url, model: 'peer-model', apiKey: 'sk-peer' });

  it('streams the tokens in order and reports usage', async () => {
    const seen = openai.requests.length;
    const result = await chat({ ...base(), system: 'Be brief.', prompt: 'Say something.', temperature: 0.3, maxTokens: 50 });
    expect(result.tokens).toEqual(splitIntoTokens(REPLY));
    expect(result.tokens.length).toBeGreaterThan(5);
    expect(result.text).toBe(REPLY);
    expect(result.usage).toEqual({ model: 'peer-model', inputTokens: 17, outputTokens: 9 });

    const sent = openai.requests[seen];
    expect(sent?.path).toBe(path);
    expect(sent?.headers.authorization).toBe('Bearer sk-peer');
    expect(sent?.json).toMatchObject({
      model: 'peer-model',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say something.' },
      ],
    });
    const json = sent?.json as { max_tokens?: number; max_completion_tokens?: number };
    expect(json.max_tokens ?? json.max_completion_tokens).toBe(50);
  });

  it('explains a wrong API key', async () => {
    await expect(chat({ ...base(), apiKey: 'sk-wrong', prompt: 'Hi' })).rejects.toThrow(
      'The model server answered 401: Incorrect API key provided. Check the API key secret.',
    );
  });

  it('explains an unknown model', async () => {
    await expect(chat({ ...base(), model: 'no-such-model', prompt: 'Hi' })).rejects.toThrow(
      `The model server answered 404: The model \`no-such-model\` does not exist or you do not have access to it. Check the model name ("no-such-model") and the base URL (${openai.url}).`,
    );
  });
});

describe('anthropic against the Anthropic peer', () => {
  const base = () => ({ provider: 'anthropic' as const, baseUrl: anthropic.url, model: 'claude-sonnet-4-5', apiKey: 'sk-ant-peer' });

  it('streams the tokens in order and reports usage', async () => {
    const seen = anthropic.requests.length;
    const result = await chat({ ...base(), system: 'Be brief.', prompt: 'Say something.', temperature: 0.5, maxTokens: 64 });
    expect(result.tokens).toEqual(splitIntoTokens(REPLY));
    expect(result.text).toBe(REPLY);
    expect(result.usage).toEqual({ model: 'claude-sonnet-4-5', inputTokens: 21, outputTokens: 11 });

    const sent = anthropic.requests[seen];
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers['x-api-key']).toBe('sk-ant-peer');
    expect(sent?.json).toMatchObject({ model: 'claude-sonnet-4-5', stream: true, max_tokens: 64, temperature: 0.5 });
    const json = sent?.json as { system?: unknown } | undefined;
    expect(JSON.stringify(json?.system)).toContain('Be brief.');
  });

  it('explains a wrong API key', async () => {
    await expect(chat({ ...base(), apiKey: 'sk-ant-wrong', prompt: 'Hi' })).rejects.toThrow(
      'The model server answered 401: invalid x-api-key. Check the API key secret.',
    );
  });
});

describe('failures', () => {
  it('explains a refused connection', async () => {
    const gone = await startOpenAiPeer();
    await gone.close();
    await expect(chat({ provider: 'openai-compatible', baseUrl: gone.url, model: 'm', prompt: 'Hi' })).rejects.toThrow(
      `Could not connect to the model server at ${gone.url}: connection refused. Check the base URL and that the server is running.`,
    );
  });

  it('goes through the outbound guard', async () => {
    const seen = openai.requests.length;
    const guarded = createLlmService(strictFetch);
    await expect(chat({ provider: 'openai-compatible', baseUrl: openai.url, model: 'peer-model', apiKey: 'sk-peer', prompt: 'Hi' }, guarded)).rejects.toThrow(
      'Refused to connect to 127.0.0.1 (loopback address). Requests to private networks are blocked',
    );
    expect(openai.requests.length).toBe(seen);
  });

  it('stops a stalled stream when cancelled, and hangs up on the server', async () => {
    const stalled = await startOpenAiPeer({ stall: true });
    try {
      const controller = new AbortController();
      const tokens: string[] = [];
      const answer = llm.chat(
        { provider: 'openai-compatible', baseUrl: stalled.url, model: 'm', prompt: 'Hi' },
        { signal: controller.signal, onToken: (token) => tokens.push(token) },
      );
      await stalled.waitForRequests(1);
      controller.abort(new Error('Cancelled'));
      await expect(answer).rejects.toThrow('Cancelled');
      await stalled.waitForDisconnects(1);
      expect(tokens).toEqual([]);
    } finally {
      await stalled.close();
    }
  });

  it('hands each token on as it arrives, before the answer is complete', async () => {
    const partial = await startAnthropicPeer({ reply: REPLY, stallAfterTokens: 2 });
    try {
      const controller = new AbortController();
      const tokens: string[] = [];
      let twoTokens!: () => void;
      const gotTwo = new Promise<void>((resolve) => {
        twoTokens = resolve;
      });
      const answer = llm.chat(
        { provider: 'anthropic', baseUrl: partial.url, model: 'claude-sonnet-4-5', apiKey: 'k', prompt: 'Hi' },
        {
          signal: controller.signal,
          onToken: (token) => {
            tokens.push(token);
            if (tokens.length === 2) twoTokens();
          },
        },
      );
      // The peer holds the rest of the answer back until the client leaves.
      await gotTwo;
      expect(tokens).toEqual(splitIntoTokens(REPLY).slice(0, 2));
      controller.abort(new Error('Cancelled'));
      await expect(answer).rejects.toThrow('Cancelled');
    } finally {
      await partial.close();
    }
  });

  it('asks for what is missing before calling anyone', async () => {
    await expect(chat({ provider: 'openai', model: 'gpt-4o-mini', prompt: 'Hi' })).rejects.toThrow(
      "OpenAI needs an API key: add it under Settings → Secrets and pick it in the node's API key field.",
    );
    await expect(chat({ provider: 'openai-compatible', model: 'llama3.1', prompt: 'Hi' })).rejects.toThrow('An OpenAI-compatible provider needs a base URL');
  });
});
