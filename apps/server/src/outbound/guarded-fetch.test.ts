import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedAfter } from '../test-support/closed-after.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { createGuardedFetch, type GuardedFetch, type GuardedFetchOptions } from './guarded-fetch.js';

/** What the HTTP peer's /echo answers. */
type Echo = { method: string; headers: Record<string, string>; body: string };

const PRIVATE_ADVICE = /Requests to private networks are blocked; an operator can allow them with WEFT_ALLOW_PRIVATE_NETWORK=1 or WEFT_ALLOWED_PRIVATE_HOSTS\./;

let loopback: HttpPeer;
/** Linux routes all of 127/8 to loopback: a second loopback address stands in for "an allowed private host". */
let allowedHost: HttpPeer;

beforeAll(async () => {
  loopback = await startHttpPeer();
  allowedHost = await startHttpPeer({ host: '127.0.0.5' });
});

afterAll(async () => {
  await Promise.all([loopback.close(), allowedHost.close()]);
});

const guarded = closedAfter(
  (options: Partial<GuardedFetchOptions> = {}): GuardedFetch => createGuardedFetch({ allowPrivateNetwork: false, allowedPrivateHosts: [], ...options }),
  afterAll,
);

describe('the default policy', () => {
  it('refuses a loopback IPv4 literal before connecting', async () => {
    const before = loopback.requests.length;
    const attempt = guarded()(`${loopback.url}/echo`);
    await expect(attempt).rejects.toThrow(/^Refused to connect to 127\.0\.0\.1 \(loopback address\)\. /);
    await expect(attempt).rejects.toThrow(PRIVATE_ADVICE);
    expect(loopback.requests.length).toBe(before);
  });

  it('refuses the IPv6 loopback and IPv4-mapped forms', async () => {
    await expect(guarded()(`http://[::1]:${loopback.port}/echo`)).rejects.toThrow('Refused to connect to ::1 (loopback address)');
    await expect(guarded()(`http://[::ffff:127.0.0.1]:${loopback.port}/echo`)).rejects.toThrow(/loopback address/);
    // WHATWG URL parsing turns the decimal form into 127.0.0.1, and the guard sees that.
    await expect(guarded()(`http://2130706433:${loopback.port}/echo`)).rejects.toThrow('Refused to connect to 127.0.0.1 (loopback address)');
  });

  it('refuses the cloud metadata address', async () => {
    await expect(guarded()('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      'Refused to connect to 169.254.169.254 (cloud metadata address). Requests to cloud metadata services are blocked',
    );
  });

  it('refuses a DNS name that resolves to loopback, after resolving it', async () => {
    const before = loopback.requests.length;
    const attempt = guarded()(`http://localhost:${loopback.port}/echo`);
    await expect(attempt).rejects.toThrow(/^Refused to connect to localhost \((127\.0\.0\.1|::1), loopback address\)\. /);
    expect(loopback.requests.length).toBe(before);
  });

  it('refuses schemes other than http and https', async () => {
    await expect(guarded()('file:///etc/passwd')).rejects.toThrow('Refused file:// URL file:///etc/passwd: only http and https are allowed.');
  });

  it('explains a URL it cannot parse', async () => {
    await expect(guarded()('not a url')).rejects.toThrow('"not a url" is not a valid URL.');
  });
});

describe('WEFT_ALLOWED_PRIVATE_HOSTS', () => {
  it('lets a named host through, and only that one', async () => {
    const fetch = guarded({ allowedPrivateHosts: ['127.0.0.5'] });
    const response = await fetch(`${allowedHost.url}/echo?x=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'GET', path: '/echo', query: { x: '1' } });
    await expect(fetch(`${loopback.url}/echo`)).rejects.toThrow('Refused to connect to 127.0.0.1 (loopback address)');
  });

  it('matches the port when the entry names one', async () => {
    const right = guarded({ allowedPrivateHosts: [`127.0.0.5:${allowedHost.port}`] });
    expect((await right(`${allowedHost.url}/text`)).status).toBe(200);
    const wrong = guarded({ allowedPrivateHosts: [`127.0.0.5:${allowedHost.port + 1}`] });
    await expect(wrong(`${allowedHost.url}/text`)).rejects.toThrow('Refused to connect to 127.0.0.5 (loopback address)');
  });

  it('follows redirects within the allowed host', async () => {
    const response = await guarded({ allowedPrivateHosts: ['127.0.0.5'] })(`${allowedHost.url}/redirects/3`);
    expect(await response.text()).toBe('done');
    expect(response.url).toBe(`${allowedHost.url}/redirects/0`);
    expect(response.redirected).toBe(true);
  });

  it('refuses a redirect from the allowed host to a private address', async () => {
    const fetch = guarded({ allowedPrivateHosts: ['127.0.0.5'] });
    const before = loopback.requests.length;
    const from = `${allowedHost.url}/redirect?to=${encodeURIComponent(`${loopback.url}/echo`)}`;
    await expect(fetch(from)).rejects.toThrow(`Refused to connect to 127.0.0.1 (loopback address) after a redirect from ${from}.`);
    // The same through a name, so the refusal comes from the DNS check on the new hop.
    const viaName = `${allowedHost.url}/redirect?to=${encodeURIComponent(`http://localhost:${loopback.port}/echo`)}`;
    await expect(fetch(viaName)).rejects.toThrow(/^Refused to connect to localhost \(.*loopback address\) after a redirect from/);
    expect(loopback.requests.length).toBe(before);
  });

  it('rejects an entry that is not host[:port]', () => {
    expect(() => guarded({ allowedPrivateHosts: ['http://ollama.lan/'] })).toThrow(
      'WEFT_ALLOWED_PRIVATE_HOSTS: "http://ollama.lan/" is not a host or host:port',
    );
  });
});

describe('WEFT_ALLOW_PRIVATE_NETWORK', () => {
  it('allows loopback addresses and names', async () => {
    const fetch = guarded({ allowPrivateNetwork: true });
    expect((await fetch(`${loopback.url}/echo`)).status).toBe(200);
    expect(await (await fetch(`http://localhost:${loopback.port}/text`)).text()).toBe('Hello from the HTTP peer');
  });

  it('still refuses the cloud metadata address', async () => {
    await expect(guarded({ allowPrivateNetwork: true })('http://169.254.169.254/')).rejects.toThrow(/cloud metadata address/);
  });
});

describe('redirects', () => {
  const open = () => guarded({ allowPrivateNetwork: true });

  it('stops after five', async () => {
    expect(await (await open()(`${loopback.url}/redirects/5`)).text()).toBe('done');
    await expect(open()(`${loopback.url}/redirects/6`)).rejects.toThrow(`Too many redirects: ${loopback.url}/redirects/6 redirected more than 5 times.`);
  });

  it('continues a POST as GET after 302 and keeps it after 307', async () => {
    const post = { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } };
    const after302 = await open()(`${loopback.url}/redirect?status=302&to=/echo`, post);
    expect(await after302.json()).toMatchObject({ method: 'GET', body: '' });
    const after307 = await open()(`${loopback.url}/redirect?status=307&to=/echo`, post);
    expect(await after307.json()).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
  });

  it('carries only plain headers across origins on a redirect, every header on the same origin (issue 9, abuse 3)', async () => {
    const headers = {
      authorization: 'Bearer secret-token',
      'x-api-key': 'secret-key',
      // A credential under a name of its own (e.g. filled from a secret): it stays behind too.
      'x-vendor-credential': 'secret-value',
      accept: 'application/json',
    };
    const same = await open()(`${loopback.url}/redirect?to=/echo`, { headers });
    expect(((await same.json()) as Echo).headers).toMatchObject({
      authorization: 'Bearer secret-token',
      'x-api-key': 'secret-key',
      'x-vendor-credential': 'secret-value',
    });
    const cross = await open()(`${loopback.url}/redirect?to=${encodeURIComponent(`${allowedHost.url}/echo`)}`, { headers });
    const seen = ((await cross.json()) as Echo).headers;
    expect(seen.authorization).toBeUndefined();
    expect(seen['x-api-key']).toBeUndefined();
    expect(seen['x-vendor-credential']).toBeUndefined();
    expect(seen.accept).toBe('application/json');
  });

  it('refuses a redirect to another scheme', async () => {
    await expect(open()(`${loopback.url}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)).rejects.toThrow(
      /Refused file:\/\/ URL file:\/\/\/etc\/passwd \(a redirect from .*\): only http and https are allowed\./,
    );
  });
});

describe('limits', () => {
  it('stops a download past the size limit and closes the connection', async () => {
    const fetch = guarded({ allowPrivateNetwork: true, maxResponseBytes: 1024 * 1024 });
    const response = await fetch(`${loopback.url}/large?bytes=${64 * 1024 * 1024}`);
    const disconnectsBefore = loopback.requests.filter((r) => r.disconnected).length;
    await expect(response.arrayBuffer()).rejects.toThrow(
      `The response from ${loopback.url}/large?bytes=${64 * 1024 * 1024} is larger than 1 MB, so the download was stopped.`,
    );
    await loopback.waitForDisconnects(disconnectsBefore + 1);
  });

  it('refuses a declared Content-Length past the limit before reading', async () => {
    const fetch = guarded({ allowPrivateNetwork: true, maxResponseBytes: 1024 * 1024 });
    await expect(fetch(`${loopback.url}/large?bytes=${2 * 1024 * 1024}&declare=1`)).rejects.toThrow(/is larger than 1 MB/);
  });

  it('passes a body at the limit', async () => {
    const fetch = guarded({ allowPrivateNetwork: true, maxResponseBytes: 1024 * 1024 });
    const body = await (await fetch(`${loopback.url}/large?bytes=${1024 * 1024}`)).arrayBuffer();
    expect(body.byteLength).toBe(1024 * 1024);
  });

  it('times out a server that does not answer', async () => {
    const fetch = guarded({ allowPrivateNetwork: true, timeoutMs: 5_000 });
    await expect(fetch(`${loopback.url}/slow`, { timeoutMs: 150 })).rejects.toThrow(`The request to ${loopback.url}/slow timed out after 150 ms.`);
    expect(await (await fetch(`${loopback.url}/slow?ms=20`, { timeoutMs: 2_000 })).text()).toBe('slow done');
  });

  it("gives the caller's abort reason, not a timeout, when the caller aborts", async () => {
    const controller = new AbortController();
    const seen = loopback.requests.length;
    const attempt = guarded({ allowPrivateNetwork: true })(`${loopback.url}/slow`, { signal: controller.signal });
    await loopback.waitForRequests(seen + 1);
    controller.abort(new Error('Cancelled'));
    await expect(attempt).rejects.toThrow('Cancelled');
  });
});
