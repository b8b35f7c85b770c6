import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicPeer, startAnthropicPeer } from '../test-support/anthropic-peer.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type OpenAiPeer, startOpenAiPeer } from '../test-support/openai-peer.js';
import { addSecret, createWorkflow, edge, node, runAndWait, streamedEvents, workflow } from '../test-support/run-fixtures.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Whole runs of the shipped nodes through the HTTP API, against real protocol peers on
 * 127.0.0.1, the real QuickJS sandbox and the real outbound guard (issue 4 "Done when").
 */

const API_KEY = 'sk-test-0123456789abcdef';

describe('LLM workflows end to end', () => {
  const weft = useTestWeft('sqlite');
  let openai: OpenAiPeer;
  let anthropic: AnthropicPeer;
  beforeAll(async () => {
    openai = await startOpenAiPeer({ apiKey: API_KEY, reply: 'Paris is the capital of France.' });
    anthropic = await startAnthropicPeer({ apiKey: API_KEY, reply: 'Bonjour from Claude.' });
  });
  afterAll(async () => {
    await openai.close();
    await anthropic.close();
  });

  const llmWorkflow = (provider: string, baseUrl: string) =>
    workflow(
      'Ask the model',
      [
        node('question', 'input.text', { text: 'What is the capital of France?', askOnRun: true }),
        node('llm', 'llm.chat', {
          provider,
          baseUrl,
          model: 'test-model',
          apiKey: '{{secrets.MODEL_KEY}}',
          systemPrompt: 'Answer for {{params.audience}}.',
          prompt: 'Question: {{input}}',
          temperature: 0.2,
          maxTokens: 100,
        }),
        node('answer', 'output'),
      ],
      [edge('question', 'llm'), edge('llm', 'answer')],
      { audience: 'children' },
    );

  it('streams tokens from an OpenAI-compatible server, records usage and stores the answer', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'MODEL_KEY', API_KEY);
    const id = await createWorkflow(weft(), user, llmWorkflow('openai-compatible', openai.url));
    const execution = await runAndWait(weft(), user, id, { question: 'Where is Paris?' });

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs).toEqual({ answer: 'Paris is the capital of France.' });
    expect(execution.usage?.outputTokens).toBeGreaterThan(0);
    expect(execution.usage?.inputTokens).toBeGreaterThan(0);
    const sent = openai.requests.at(-1)?.json as { messages: { role: string; content: string }[]; stream: boolean };
    expect(sent.stream).toBe(true);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Answer for children.' },
      { role: 'user', content: 'Question: Where is Paris?' },
    ]);
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    const tokens = (await streamedEvents(weft(), user, execution.id)).filter((e) => e.type === 'node:token' && e.nodeId === 'llm');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((t) => t.text).join('')).toBe('Paris is the capital of France.');
  });

  it('talks to Anthropic’s Messages API', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'MODEL_KEY', API_KEY);
    const id = await createWorkflow(weft(), user, llmWorkflow('anthropic', anthropic.url));
    const execution = await runAndWait(weft(), user, id);
    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs).toEqual({ answer: 'Bonjour from Claude.' });
    expect(anthropic.requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
  });

  it('fails the node with an actionable message when the key is wrong, and never shows the key', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'MODEL_KEY', 'sk-wrong-key-000000');
    const id = await createWorkflow(weft(), user, llmWorkflow('openai-compatible', openai.url));
    const execution = await runAndWait(weft(), user, id);
    expect(execution.status).toBe('error');
    expect(execution.nodes.llm?.error).toMatch(/401/);
    const everything = JSON.stringify(execution) + JSON.stringify(await streamedEvents(weft(), user, execution.id));
    expect(everything).not.toContain('sk-wrong-key-000000');
  });

  it('masks a secret value that comes back in the model’s answer', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'MODEL_KEY', API_KEY);
    openai.set({ reply: `Your key is ${API_KEY}, keep it safe.` });
    try {
      const id = await createWorkflow(weft(), user, llmWorkflow('openai-compatible', openai.url));
      const execution = await runAndWait(weft(), user, id);
      expect(execution.status).toBe('success');
      expect(JSON.stringify(execution)).not.toContain(API_KEY);
      expect(execution.outputs.answer).toContain('••••');
      const stored = await weft().services.db.selectFrom('executions').selectAll().where('id', '=', execution.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(API_KEY);
    } finally {
      openai.set({ reply: 'Paris is the capital of France.' });
    }
  });
});

describe('HTTP Request node', () => {
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  const httpWorkflow = (url: string, extra: Record<string, unknown> = {}) =>
    workflow(
      'Call',
      [node('call', 'http.request', { method: 'POST', url, body: { hello: '{{params.who}}' }, responseAs: 'json', ...extra }), node('out', 'output')],
      [edge('call', 'out')],
      {
        who: 'world',
      },
    );

  describe('with private networks allowed (the peer is on 127.0.0.1)', () => {
    const weft = useTestWeft('sqlite');
    it('sends the request with auth from a secret and parses the JSON answer', async () => {
      const user = await signUp(weft());
      await addSecret(weft(), user, 'SERVICE_TOKEN', 'tok-abcdef-123456');
      const id = await createWorkflow(weft(), user, httpWorkflow(`${peer.url}/echo`, { auth: 'bearer', authSecret: '{{secrets.SERVICE_TOKEN}}' }));
      const execution = await runAndWait(weft(), user, id);
      expect(execution.status, execution.error ?? '').toBe('success');
      const echoed = execution.outputs.out as { method: string; body: unknown };
      expect(echoed.method).toBe('POST');
      expect(JSON.parse(String(echoed.body))).toEqual({ hello: 'world' });
      expect(peer.requests.at(-1)?.headers.authorization).toBe('Bearer tok-abcdef-123456');
      expect(JSON.stringify(execution)).not.toContain('tok-abcdef-123456');
    });
  });

  describe('with the default outbound policy', () => {
    const weft = useTestWeft('sqlite', { env: { WEFT_ALLOW_PRIVATE_NETWORK: '0' } });
    it.each([
      ['loopback', () => `${peer.url}/echo`, /127\.0\.0\.1/],
      ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254/],
      ['a DNS name resolving to loopback', () => `http://localhost:${peer.port}/echo`, /localhost|127\.0\.0\.1|::1/],
    ])('refuses %s', async (_what, url, pattern) => {
      const user = await signUp(weft());
      const before = peer.requests.length;
      const id = await createWorkflow(weft(), user, httpWorkflow(url()));
      const execution = await runAndWait(weft(), user, id);
      expect(execution.status).toBe('error');
      expect(execution.nodes.call?.error).toMatch(/Refused/);
      expect(execution.nodes.call?.error).toMatch(pattern);
      expect(execution.nodes.call?.error).toMatch(/WEFT_ALLOW/);
      expect(peer.requests.length).toBe(before);
    });
  });

  describe('with one private host allowed', () => {
    let allowed: HttpPeer;
    beforeAll(async () => {
      allowed = await startHttpPeer({ host: '127.0.0.5' });
    });
    afterAll(async () => {
      await allowed.close();
    });
    const weft = useTestWeft('sqlite', { env: { WEFT_ALLOW_PRIVATE_NETWORK: '0', WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.5' } });
    it('follows it, but refuses its redirect to a private address', async () => {
      const user = await signUp(weft());
      const ok = await runAndWait(weft(), user, await createWorkflow(weft(), user, httpWorkflow(`${allowed.url}/echo`)));
      expect(ok.status, ok.error ?? '').toBe('success');
      const before = peer.requests.length;
      const redirect = `${allowed.url}/redirect?to=${encodeURIComponent(`${peer.url}/echo`)}`;
      const refused = await runAndWait(weft(), user, await createWorkflow(weft(), user, httpWorkflow(redirect)));
      expect(refused.status).toBe('error');
      expect(refused.nodes.call?.error).toMatch(/Refused.*127\.0\.0\.1/);
      expect(peer.requests.length).toBe(before);
    });
  });
});

describe('Code node in the sandbox', () => {
  const weft = useTestWeft('sqlite');
  const codeWorkflow = (code: string, timeoutMs = 500) =>
    workflow(
      'Code',
      [node('in', 'input.text', { text: 'three little words' }), node('code', 'code.javascript', { code, timeoutMs }), node('out', 'output')],
      [edge('in', 'code'), edge('code', 'out')],
    );

  it('runs code on the input and logs its console lines', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, codeWorkflow("console.log('counting'); return { words: input.split(' ').length };"));
    const execution = await runAndWait(weft(), user, id);
    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs).toEqual({ out: { words: 3 } });
    expect(execution.nodes.code?.logs.map((l) => l.message)).toContain('counting');
  });

  it('masks a secret that code returns or logs encoded: base64, hex or reversed', async () => {
    const user = await signUp(weft());
    const secret = 'pa55-w0rd-for-the-crm!';
    await addSecret(weft(), user, 'CRM_PASSWORD', secret);
    // QuickJS has no btoa: the code encodes by hand, as a user's code might.
    const code = `
      const bytes = [...params.password].map((c) => c.charCodeAt(0));
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
      const basic = [...('admin:' + params.password)].map((c) => c.charCodeAt(0));
      let b64 = '';
      for (let i = 0; i < basic.length; i += 3) {
        const n = (basic[i] << 16) | ((basic[i + 1] ?? 0) << 8) | (basic[i + 2] ?? 0);
        b64 += abc[(n >> 18) & 63] + abc[(n >> 12) & 63] + (i + 1 < basic.length ? abc[(n >> 6) & 63] : '=') + (i + 2 < basic.length ? abc[n & 63] : '=');
      }
      console.log('Authorization: Basic ' + b64);
      return { hex, reversed: [...params.password].reverse().join(''), header: 'Basic ' + b64 };`;
    const id = await createWorkflow(
      weft(),
      user,
      workflow('Encodes', [node('code', 'code.javascript', { code, timeoutMs: 1000 }), node('out', 'output')], [edge('code', 'out')], {
        password: '{{secrets.CRM_PASSWORD}}',
      }),
    );
    const execution = await runAndWait(weft(), user, id);
    expect(execution.status, execution.error ?? '').toBe('success');
    const everything = JSON.stringify(execution) + JSON.stringify(await streamedEvents(weft(), user, execution.id));
    const hex = Buffer.from(secret).toString('hex');
    const reversed = [...secret].reverse().join('');
    const basic = Buffer.from(`admin:${secret}`).toString('base64');
    for (const leak of [secret, hex, reversed, basic, basic.slice(8, -4)]) expect(everything).not.toContain(leak);
    expect(execution.outputs.out).toMatchObject({ hex: '••••', reversed: '••••' });
    expect(execution.nodes.code?.logs[0]?.message).toContain('••••');
  });

  it.each([
    ['a constructor chain to process', "return this.constructor.constructor('return process')().env", /'process' is not defined/],
    ['require', "return require('fs').readFileSync('/etc/passwd', 'utf8')", /'require' is not defined/],
    ['import()', "const fs = await import('node:fs'); return fs.readFileSync('/etc/passwd', 'utf8')", /.+/],
    ['an infinite loop', 'while (true) {}', /ran longer than 500 ms/],
    ['a memory bomb', "const a = []; while (true) a.push('x'.repeat(1e6));", /memory/],
  ])('ends %s as a node error, and the server keeps running', async (_what, code, message) => {
    const user = await signUp(weft());
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, codeWorkflow(code)));
    expect(execution.status).toBe('error');
    expect(execution.nodes.code?.status).toBe('error');
    expect(execution.nodes.code?.error).toMatch(message);
    expect(JSON.stringify(execution)).not.toContain('root:');
    const health = await weft().app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const after = await runAndWait(weft(), user, await createWorkflow(weft(), user, codeWorkflow('return 1 + 1;')));
    expect(after.outputs).toEqual({ out: 2 });
  });
});
