import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type OpenAiPeer, startOpenAiPeer } from '../test-support/openai-peer.js';
import { createOutboundServices, type OutboundServices } from './outbound-services.js';

// From environment variables to refusals: the settings as an operator writes them.

let loopback: HttpPeer;
let allowedHost: HttpPeer;
let model: OpenAiPeer;
const created: OutboundServices[] = [];
const signal = new AbortController().signal;

function servicesFor(env: Record<string, string>): OutboundServices {
  const services = createOutboundServices(loadConfig(env, '/tmp'));
  created.push(services);
  return services;
}

beforeAll(async () => {
  loopback = await startHttpPeer();
  allowedHost = await startHttpPeer({ host: '127.0.0.5' });
  model = await startOpenAiPeer({ reply: 'Local model says hi' });
});

afterAll(async () => {
  await Promise.all(created.map((services) => services.close()));
  await Promise.all([loopback.close(), allowedHost.close(), model.close()]);
});

describe('outbound settings', () => {
  it('refuse private addresses by default, for HTTP and for models', async () => {
    const services = servicesFor({});
    await expect(services.http.request({ method: 'GET', url: `${loopback.url}/echo` }, { signal })).rejects.toThrow(
      /^Refused to connect to 127\.0\.0\.1 \(loopback address\)/,
    );
    await expect(
      services.llm.chat({ provider: 'openai-compatible', baseUrl: model.url, model: 'm', prompt: 'Hi' }, { signal, onToken: () => {} }),
    ).rejects.toThrow(/^Refused to connect to 127\.0\.0\.1 \(loopback address\)/);
  });

  it('WEFT_ALLOWED_PRIVATE_HOSTS lets the named hosts through', async () => {
    const services = servicesFor({ WEFT_ALLOWED_PRIVATE_HOSTS: ` 127.0.0.5 , 127.0.0.1:${model.port}` });
    expect((await services.http.request({ method: 'GET', url: `${allowedHost.url}/text` }, { signal })).body).toBe('Hello from the HTTP peer');
    await expect(services.http.request({ method: 'GET', url: `${loopback.url}/text` }, { signal })).rejects.toThrow(/loopback address/);
    const answer = await services.llm.chat({ provider: 'openai-compatible', baseUrl: model.url, model: 'm', prompt: 'Hi' }, { signal, onToken: () => {} });
    expect(answer.text).toBe('Local model says hi');
  });

  it('WEFT_ALLOW_PRIVATE_NETWORK=1 allows private addresses', async () => {
    const services = servicesFor({ WEFT_ALLOW_PRIVATE_NETWORK: '1' });
    expect((await services.http.request({ method: 'GET', url: `${loopback.url}/status/204` }, { signal })).status).toBe(204);
  });

  it('WEFT_HTTP_MAX_RESPONSE_MB limits downloads', async () => {
    const services = servicesFor({ WEFT_ALLOW_PRIVATE_NETWORK: '1', WEFT_HTTP_MAX_RESPONSE_MB: '1' });
    await expect(services.http.request({ method: 'GET', url: `${loopback.url}/large?bytes=${1024 * 1024 + 1}` }, { signal })).rejects.toThrow(
      /is larger than 1 MB/,
    );
    const atLimit = await services.http.request({ method: 'GET', url: `${loopback.url}/large?bytes=${1024 * 1024}` }, { signal });
    expect(atLimit.body.length).toBe(1024 * 1024);
  });

  it('refuses a malformed WEFT_ALLOWED_PRIVATE_HOSTS at start-up', () => {
    expect(() => createOutboundServices(loadConfig({ WEFT_ALLOWED_PRIVATE_HOSTS: 'http://ollama.lan:11434' }, '/tmp'))).toThrow(
      'WEFT_ALLOWED_PRIVATE_HOSTS: "http://ollama.lan:11434" is not a host or host:port',
    );
  });
});
