import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedAfter } from '../test-support/closed-after.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type ClosableHttpService, createHttpService, type HttpServiceOptions } from './http-service.js';

let peer: HttpPeer;
const signal = new AbortController().signal;

beforeAll(async () => {
  peer = await startHttpPeer();
});

afterAll(async () => {
  await peer.close();
});

const service = closedAfter(
  (options: Partial<HttpServiceOptions> = {}): ClosableHttpService => createHttpService({ allowPrivateNetwork: true, allowedPrivateHosts: [], ...options }),
  afterAll,
);

describe('HttpService', () => {
  it('sends method, headers and body, and returns status, headers, body and url', async () => {
    const response = await service().request(
      { method: 'post', url: `${peer.url}/echo?q=1`, headers: { 'Content-Type': 'application/json', 'X-Trace': 'abc' }, body: '{"n":1}' },
      { signal },
    );
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${peer.url}/echo?q=1`);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toMatchObject({
      method: 'POST',
      query: { q: '1' },
      headers: { 'content-type': 'application/json', 'x-trace': 'abc' },
      body: '{"n":1}',
    });
  });

  it('answers error statuses instead of throwing', async () => {
    const response = await service().request({ method: 'GET', url: `${peer.url}/status/503` }, { signal });
    expect(response).toMatchObject({ status: 503, body: '{"status":503}' });
  });

  it('reports the URL after redirects', async () => {
    const response = await service().request({ method: 'GET', url: `${peer.url}/redirects/2` }, { signal });
    expect(response).toMatchObject({ status: 200, body: 'done', url: `${peer.url}/redirects/0` });
  });

  it('refuses private, metadata and resolved-to-loopback destinations under the default policy', async () => {
    const strict = service({ allowPrivateNetwork: false });
    await expect(strict.request({ method: 'GET', url: `${peer.url}/echo` }, { signal })).rejects.toThrow(
      'Refused to connect to 127.0.0.1 (loopback address). Requests to private networks are blocked; an operator can allow them with WEFT_ALLOW_PRIVATE_NETWORK=1 or WEFT_ALLOWED_PRIVATE_HOSTS.',
    );
    await expect(strict.request({ method: 'GET', url: 'http://169.254.169.254/' }, { signal })).rejects.toThrow(/cloud metadata address/);
    await expect(strict.request({ method: 'GET', url: `http://localhost:${peer.port}/` }, { signal })).rejects.toThrow(
      /^Refused to connect to localhost \(.*loopback address\)/,
    );
  });

  it('stops a response past the size limit', async () => {
    await expect(service({ maxResponseBytes: 64 * 1024 }).request({ method: 'GET', url: `${peer.url}/large` }, { signal })).rejects.toThrow(
      `The response from ${peer.url}/large is larger than 64 KB, so the download was stopped.`,
    );
  });

  it("applies the request's timeout, capped by the service's", async () => {
    await expect(service().request({ method: 'GET', url: `${peer.url}/slow`, timeoutMs: 100 }, { signal })).rejects.toThrow(
      `The request to ${peer.url}/slow timed out after 100 ms.`,
    );
    await expect(service({ maxTimeoutMs: 120 }).request({ method: 'GET', url: `${peer.url}/slow`, timeoutMs: 60_000 }, { signal })).rejects.toThrow(
      'timed out after 120 ms',
    );
  });

  it('passes the cancellation reason through', async () => {
    const controller = new AbortController();
    const seen = peer.requests.length;
    const hungUp = peer.requests.filter((r) => r.disconnected).length;
    const attempt = service().request({ method: 'GET', url: `${peer.url}/slow` }, { signal: controller.signal });
    await peer.waitForRequests(seen + 1);
    controller.abort(new Error('Cancelled'));
    await expect(attempt).rejects.toThrow('Cancelled');
    // The connection is really dropped, so the server stops working on it.
    await peer.waitForDisconnects(hungUp + 1);
  });

  it('explains a refused connection', async () => {
    const closed = await startHttpPeer();
    await closed.close();
    await expect(service().request({ method: 'GET', url: `${closed.url}/` }, { signal })).rejects.toThrow(
      `Could not connect to 127.0.0.1:${closed.port}: connection refused.`,
    );
  });

  it('explains requests it cannot send', async () => {
    const http = service();
    await expect(http.request({ method: 'GET', url: `${peer.url}/echo`, body: 'x' }, { signal })).rejects.toThrow(
      'A GET request cannot have a body; use POST, PUT or PATCH to send one.',
    );
    await expect(http.request({ method: 'GE T', url: `${peer.url}/echo` }, { signal })).rejects.toThrow('"GE T" is not an HTTP method.');
    await expect(http.request({ method: 'GET', url: `${peer.url}/echo`, headers: { 'x-bad': 'a\nb' } }, { signal })).rejects.toThrow(
      'The header "x-bad" is not valid',
    );
    await expect(http.request({ method: 'GET', url: 'example.com/path' }, { signal })).rejects.toThrow('"example.com/path" is not a valid URL.');
  });
});
