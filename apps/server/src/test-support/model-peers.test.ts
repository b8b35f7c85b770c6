import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicPeer, startAnthropicPeer } from './anthropic-peer.js';
import { type OpenAiPeer, splitIntoTokens, startOpenAiPeer } from './openai-peer.js';

// The LLM service's tests drive the peers through the AI SDK; these pin the wire format
// the SDK does not exercise (unstreamed answers, the usage chunk being opt-in).

let openai: OpenAiPeer;
let anthropic: AnthropicPeer;

beforeAll(async () => {
  openai = await startOpenAiPeer({ reply: 'One two three', apiKey: 'k' });
  anthropic = await startAnthropicPeer({ reply: 'One two three' });
});

afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

function sseData(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
}

describe('splitIntoTokens', () => {
  it.each(['One two three', '  leading and trailing  ', 'single', '', 'tabs\tand\nnewlines'])('rejoins "%s" exactly', (text) => {
    expect(splitIntoTokens(text).join('')).toBe(text);
  });
});

describe('the OpenAI-compatible peer', () => {
  const request = { model: 'm', messages: [{ role: 'user', content: 'Count to three please' }] };

  it('answers unstreamed with usage', async () => {
    const response = await post(`${openai.url}/chat/completions`, request, { authorization: 'Bearer k' });
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'One two three' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
    });
  });

  it('streams chunks, with the usage chunk only when asked for', async () => {
    const plain = sseData(await (await post(`${openai.url}/chat/completions`, { ...request, stream: true }, { authorization: 'Bearer k' })).text());
    expect(plain.at(-1)).toBe('[DONE]');
    const chunks = plain.slice(0, -1).map((data) => JSON.parse(data));
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('One two three');
    expect(chunks.some((c) => c.usage)).toBe(false);

    const withUsage = sseData(
      await (
        await post(`${openai.url}/chat/completions`, { ...request, stream: true, stream_options: { include_usage: true } }, { authorization: 'Bearer k' })
      ).text(),
    );
    expect(JSON.parse(withUsage.at(-2) ?? '{}')).toMatchObject({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 3 } });
  });

  it('refuses a missing key with 401', async () => {
    const response = await post(`${openai.url}/chat/completions`, request);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});

describe('the Anthropic peer', () => {
  const request = { model: 'claude', max_tokens: 10, system: 'Be brief', messages: [{ role: 'user', content: 'Count to three' }] };

  it('answers unstreamed with usage', async () => {
    expect(await (await post(`${anthropic.url}/messages`, request)).json()).toMatchObject({
      type: 'message',
      content: [{ type: 'text', text: 'One two three' }],
      usage: { input_tokens: 5, output_tokens: 3 },
    });
  });

  it('streams the Messages events in order', async () => {
    const text = await (await post(`${anthropic.url}/messages`, { ...request, stream: true })).text();
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('event: '))
      .map((line) => line.slice(7));
    expect(events).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(JSON.parse(sseData(text).at(-2) ?? '{}')).toMatchObject({ type: 'message_delta', usage: { output_tokens: 3 } });
  });
});
