import { describe, expect, it } from 'vitest';
import { httpRequestNode } from '../http-request.node.js';
import type { HttpRequestSpec, HttpResponseData, HttpService } from '../services/http-service.js';
import { nodeHarness } from './node-test-kit.js';

/** The outside world for these tests: records each request and answers with `reply`. */
function fakeHttp(reply: Partial<HttpResponseData> = {}) {
  const sent: { spec: HttpRequestSpec; signal: AbortSignal }[] = [];
  const http: HttpService = {
    async request(spec, { signal }) {
      sent.push({ spec, signal });
      return { status: 200, headers: {}, body: '{"ok":true}', url: spec.url, ...reply };
    },
  };
  return { http, sent };
}

const params = { region: 'eu', page: 2 };

describe('HTTP Request run', () => {
  it('sends a GET with query, headers and placeholders, parses JSON and logs one line', async () => {
    const { http, sent } = fakeHttp({ body: '{"items":[1,2]}' });
    const node = nodeHarness(httpRequestNode, { http, params });
    const result = await node.run({
      inputs: { input: 'shoes & socks' },
      config: {
        method: 'GET',
        url: 'https://api.example.com/{{params.region}}/search?sort=asc',
        query: { q: '{{input}}', page: '{{params.page}}', tag: ['a', 'b'], skip: null },
        headers: { Accept: 'application/json', 'X-Region': '{{params.region}}' },
        timeoutSeconds: 5,
      },
    });
    expect(result).toEqual({ outputs: { output: { items: [1, 2] } } });
    expect(sent[0]?.spec).toEqual({
      method: 'GET',
      url: 'https://api.example.com/eu/search?sort=asc&q=shoes+%26+socks&page=2&tag=a&tag=b',
      headers: { Accept: 'application/json', 'X-Region': 'eu' },
      timeoutMs: 5000,
    });
    expect(node.logs).toEqual([{ level: 'info', message: 'GET https://api.example.com/eu/search?sort=asc&q=shoes+%26+socks&page=2&tag=a&tag=b → 200 (15 B)' }]);
  });

  it('passes the node signal to the service', async () => {
    const { http, sent } = fakeHttp();
    const controller = new AbortController();
    await nodeHarness(httpRequestNode, { http }).run({ config: { url: 'https://x.test/' }, signal: controller.signal });
    expect(sent[0]?.signal).toBe(controller.signal);
  });

  it('sends a JSON body with POST, a whole-placeholder string keeping its JSON value', async () => {
    const { http, sent } = fakeHttp();
    await nodeHarness(httpRequestNode, { http, params }).run({
      inputs: { input: { id: 7 } },
      config: { method: 'POST', url: 'https://x.test/items', body: { item: '{{input}}', note: 'for {{params.region}}', n: 1 } },
    });
    expect(sent[0]?.spec.body).toBe('{"item":{"id":7},"note":"for eu","n":1}');
    expect(sent[0]?.spec.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('keeps a content type the headers name, and sends no body with GET', async () => {
    const { http, sent } = fakeHttp();
    const node = nodeHarness(httpRequestNode, { http });
    await node.run({ config: { method: 'PUT', url: 'https://x.test/', headers: { 'content-type': 'application/merge-patch+json' }, body: { a: 1 } } });
    expect(sent[0]?.spec.headers).toEqual({ 'content-type': 'application/merge-patch+json' });
    await node.run({ config: { method: 'GET', url: 'https://x.test/', body: { a: 1 } } });
    expect(sent[1]?.spec.body).toBeUndefined();
  });

  it.each([
    ['bearer', {}, { Authorization: 'Bearer tok-123' }, 'tok-123'],
    ['basic', {}, { Authorization: 'Basic YWRhOnDDpHNzd29yZA==' }, 'ada:pässword'],
    ['header', { authHeader: 'X-Token' }, { 'X-Token': 'k-9' }, 'k-9'],
  ] as const)('adds %s authentication from the resolved credential', async (auth, extra, headers, authSecret) => {
    const { http, sent } = fakeHttp();
    const node = nodeHarness(httpRequestNode, { http });
    await node.run({ config: { url: 'https://x.test/', auth, authSecret, ...extra } });
    expect(sent[0]?.spec.headers).toEqual(headers);
    expect(node.logs.map((l) => l.message).join('\n')).not.toContain(authSecret);
  });

  it('emits text when asked, and null for an empty JSON answer', async () => {
    const text = nodeHarness(httpRequestNode, { http: fakeHttp({ body: '<p>hi</p>' }).http });
    expect((await text.run({ config: { url: 'https://x.test/', responseAs: 'text' } })).outputs.output).toBe('<p>hi</p>');
    const empty = nodeHarness(httpRequestNode, { http: fakeHttp({ status: 204, body: '' }).http });
    expect((await empty.run({ config: { url: 'https://x.test/' } })).outputs.output).toBeNull();
  });

  it('fails on a 4xx or 5xx with the status and the start of the body, unless told not to', async () => {
    const body = `{"error":"${'x'.repeat(300)}"}`;
    const node = nodeHarness(httpRequestNode, { http: fakeHttp({ status: 503, body }).http });
    await expect(node.run({ config: { url: 'https://x.test/down' } })).rejects.toThrow(`GET https://x.test/down answered 503: ${body.slice(0, 200)}…`);
    expect(node.logs.at(-1)?.message).toBe('GET https://x.test/down → 503 (312 B)');
    const lenient = await node.run({ config: { url: 'https://x.test/down', failOnErrorStatus: false } });
    expect(lenient.outputs.output).toEqual({ error: 'x'.repeat(300) });
  });

  it('names the URL when the answer is not JSON', async () => {
    const node = nodeHarness(httpRequestNode, { http: fakeHttp({ body: '<html>', url: 'https://x.test/after-redirect' }).http });
    await expect(node.run({ config: { url: 'https://x.test/' } })).rejects.toThrow(
      /^The response from https:\/\/x\.test\/after-redirect is not valid JSON \(.+\); set Response as to Text to take it as it is$/,
    );
  });

  it("uses the host's JSON parse when it offers one, passing its limit errors on and explaining bad syntax", async () => {
    const parsed = nodeHarness(httpRequestNode, { http: fakeHttp({ body: '[1]', json: async () => ['from the host'] }).http });
    expect(await parsed.run({ config: { url: 'https://x.test/' } })).toEqual({ outputs: { output: ['from the host'] } });
    const limit = new Error('The response from https://x.test/: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)');
    const refused = nodeHarness(httpRequestNode, { http: fakeHttp({ body: '[[[1]]]', json: () => Promise.reject(limit) }).http });
    await expect(refused.run({ config: { url: 'https://x.test/' } })).rejects.toBe(limit);
    const broken = nodeHarness(httpRequestNode, { http: fakeHttp({ body: '{', json: () => Promise.reject(new SyntaxError('Unexpected end')) }).http });
    await expect(broken.run({ config: { url: 'https://x.test/' } })).rejects.toThrow(
      'The response from https://x.test/ is not valid JSON (Unexpected end); set Response as to Text to take it as it is',
    );
  });

  it.each([
    [{ url: '' }, 'URL is required'],
    [{ url: 'api.example.com/items' }, 'URL "api.example.com/items" is not a full address: it should start with https:// or http://'],
    [{ url: 'file:///etc/passwd' }, 'URL "file:///etc/passwd" uses file; only http and https are allowed'],
    [{ url: 'https://x.test/{{params.missing}}' }, 'Nothing to fill {{params.missing}} in the URL: the workflow has no parameter "missing"'],
    [{ url: 'https://x.test/', method: 'TRACE' }, 'Method must be one of GET, POST, PUT, PATCH, DELETE, HEAD'],
    [{ url: 'https://x.test/', query: ['a'] }, 'Query parameters must be an object of names and values'],
    [{ url: 'https://x.test/', headers: 'Accept: x' }, 'Headers must be an object of names and values'],
    [{ url: 'https://x.test/', headers: { 'Bad Name': 'x' } }, 'Header name "Bad Name" is not valid'],
    [{ url: 'https://x.test/', auth: 'bearer' }, 'Authentication is set to bearer but no Credential is chosen: pick one of your secrets'],
    [{ url: 'https://x.test/', auth: 'basic', authSecret: 'just-a-token' }, 'Basic authentication needs the Credential as user:password'],
    [
      { url: 'https://x.test/', auth: 'bearer', authSecret: '{{secrets.GONE}}' },
      'Credential refers to {{secrets.GONE}}, but you have no secret named "GONE": add it in Settings → Secrets',
    ],
  ])('refuses %j before sending: %s', async (config, message) => {
    const { http, sent } = fakeHttp();
    await expect(nodeHarness(httpRequestNode, { http }).run({ config })).rejects.toThrow(message);
    expect(sent).toEqual([]);
  });

  it('passes on the service error (the outbound guard speaks for itself)', async () => {
    const http: HttpService = { request: () => Promise.reject(new Error('Refused: 127.0.0.1 is a loopback address')) };
    await expect(nodeHarness(httpRequestNode, { http }).run({ config: { url: 'http://127.0.0.1/' } })).rejects.toThrow(
      'Refused: 127.0.0.1 is a loopback address',
    );
  });
});
