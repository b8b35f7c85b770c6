import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseStream } from './sse-stream.js';

describe('SseStream', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** Serves one stream on 127.0.0.1 and hands it to `use` once a client connects. */
  async function serve(stream: SseStream, onClosed: () => void): Promise<string> {
    server = http.createServer((_request, response) => stream.attach(response, onClosed));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it('sends what was queued before the client was attached first, then heartbeats, then ends', async () => {
    const stream = new SseStream(20);
    stream.send(1, { type: 'run:started' });
    let closed = 0;
    const url = await serve(stream, () => {
      closed += 1;
    });
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keep-alive')) text += decoder.decode((await reader.read()).value);
    expect(text.startsWith('id: 1\ndata: {"type":"run:started"}\n\n')).toBe(true);
    stream.send(2, { type: 'run:finished' });
    stream.end();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text).toContain('id: 2\ndata: {"type":"run:finished"}\n\n');
    expect(closed).toBe(1);
  });

  it('tells its owner when the client goes away', async () => {
    const stream = new SseStream();
    let resolveClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      resolveClosed = resolve;
    });
    const url = await serve(stream, () => resolveClosed());
    const abort = new AbortController();
    const response = await fetch(url, { signal: abort.signal });
    expect(response.status).toBe(200);
    abort.abort();
    await closed;
    expect(stream.isEnded).toBe(true);
  });
});
