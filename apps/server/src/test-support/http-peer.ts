import { type PeerHandle, pause, peerHandle, sendJson, startPeerServer, write } from './peer-server.js';

/**
 * A plain HTTP server on 127.0.0.1 for the HTTP Request node and the outbound guard's
 * tests. Routes (any method):
 *
 *   /echo                          200 JSON { method, path, query, headers, body }
 *   /text?body=…                   200 text/plain (default "Hello from the HTTP peer")
 *   /status/<code>                 that status, JSON { status } (no body for 204/304)
 *   /large?bytes=N&declare=1       N bytes (default 11 MB) streamed in 64 KB chunks with
 *                                  backpressure; `declare=1` also sends Content-Length
 *   /redirect?to=<url>&status=302  a redirect to any URL
 *   /redirects/<n>                 n redirects on this host, then 200 "done"
 *   /slow?ms=N                     answers "slow done" after N ms; without ms never answers
 *
 *   const peer = await startHttpPeer();
 *   await fetch(`${peer.url}/echo`);
 *   peer.requests[0].headers;
 */
/** `url` is `http://127.0.0.1:<port>`, no trailing slash. */
export interface HttpPeer extends PeerHandle {
  host: string;
}

const DEFAULT_LARGE_BYTES = 11 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

export async function startHttpPeer(options: { host?: string } = {}): Promise<HttpPeer> {
  const server = await startPeerServer(async (request, res) => {
    const { path, query } = request;
    if (path === '/echo') {
      sendJson(res, 200, { method: request.method, path, query, headers: request.headers, body: request.body });
      return;
    }
    if (path === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(query.body ?? 'Hello from the HTTP peer');
      return;
    }
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) {
      const code = Number(status[1]);
      if (code === 204 || code === 304) {
        res.writeHead(code);
        res.end();
      } else {
        sendJson(res, code, { status: code });
      }
      return;
    }
    if (path === '/large') {
      const bytes = query.bytes ? Number(query.bytes) : DEFAULT_LARGE_BYTES;
      res.writeHead(200, { 'content-type': 'application/octet-stream', ...(query.declare ? { 'content-length': bytes } : {}) });
      for (let sent = 0; sent < bytes && !res.destroyed; sent += CHUNK.length) {
        await write(res, CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent)));
      }
      res.end();
      return;
    }
    if (path === '/redirect' && query.to) {
      res.writeHead(Number(query.status ?? 302), { location: query.to });
      res.end();
      return;
    }
    const hops = /^\/redirects\/(\d+)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]);
      if (left === 0) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('done');
      } else {
        res.writeHead(302, { location: `/redirects/${left - 1}` });
        res.end();
      }
      return;
    }
    if (path === '/slow') {
      // Without ms: wait for the client to give up (or close()), as a hung server would.
      await pause(res, query.ms ? Number(query.ms) : 2 ** 31 - 1);
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('slow done');
      return;
    }
    sendJson(res, 404, { error: `No route ${request.method} ${path} on the HTTP peer` });
  }, options);

  return { ...peerHandle(server), host: server.host };
}
