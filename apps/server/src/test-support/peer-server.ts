import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing the HTTP-speaking test peers share (openai-peer.ts, anthropic-peer.ts,
 * http-peer.ts): a node:http server on 127.0.0.1:0 that records every request, lets a
 * test wait for requests or for clients hanging up (events, no polling), and closes
 * even with requests left hanging. No vitest imports: the browser suite uses the peers too.
 */
export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  /** Set when the client closed the connection before the response was complete. */
  disconnected: boolean;
}

export type PeerHandler = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

export interface PeerServer {
  /** `http://<host>:<port>` (IPv6 hosts in brackets). */
  origin: string;
  host: string;
  port: number;
  /** Every request so far, oldest first. */
  requests: RecordedRequest[];
  /** Resolves once at least `count` requests have arrived. */
  waitForRequests(count: number, options?: { timeoutMs?: number }): Promise<void>;
  /** Resolves once at least `count` clients have hung up before their response was complete. */
  waitForDisconnects(count: number, options?: { timeoutMs?: number }): Promise<void>;
  /** Closes the server and every connection, including stalled ones. */
  close(): Promise<void>;
}

/** What a test holds of a started peer: where to point clients, what it received, how to wait and close. */
export interface PeerHandle extends Pick<PeerServer, 'port' | 'requests' | 'waitForRequests' | 'waitForDisconnects' | 'close'> {
  /** The base URL clients are given, no trailing slash. */
  url: string;
}

/** The {@link PeerHandle} of `server`, clients pointed at its origin plus `basePath`. */
export function peerHandle(server: PeerServer, basePath = ''): PeerHandle {
  return {
    url: `${server.origin}${basePath}`,
    port: server.port,
    requests: server.requests,
    waitForRequests: server.waitForRequests,
    waitForDisconnects: server.waitForDisconnects,
    close: server.close,
  };
}

export async function startPeerServer(handler: PeerHandler, options: { host?: string; port?: number } = {}): Promise<PeerServer> {
  const host = options.host ?? '127.0.0.1';
  const requests: RecordedRequest[] = [];
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const body = Buffer.concat(chunks).toString('utf8');
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        json: parseJson(body),
        disconnected: false,
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) {
          record.disconnected = true;
          wake();
        }
      });
      wake();
      Promise.resolve(handler(record, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`peer error: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const waitFor = (test: () => boolean, what: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!test()) return;
        wakers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        wakers.delete(check);
        reject(new Error(`The peer on ${host}:${port} did not see ${what} within ${timeoutMs} ms (${requests.length} request(s) so far)`));
      }, timeoutMs);
      wakers.add(check);
      check();
    });

  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    requests,
    waitForRequests: (count, { timeoutMs } = {}) => waitFor(() => requests.length >= count, `${count} request(s)`, timeoutMs),
    waitForDisconnects: (count, { timeoutMs } = {}) =>
      waitFor(() => requests.filter((r) => r.disconnected).length >= count, `${count} client disconnect(s)`, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves after `ms`, or at once when the response's client hangs up (peers pace their streams with it). */
export function pause(res: http.ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    res.once('close', done);
    function done() {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
  });
}

/** Writes a chunk and waits for the socket to drain when it asks to, so large bodies respect backpressure. */
export function write(res: http.ServerResponse, chunk: string | Buffer): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
