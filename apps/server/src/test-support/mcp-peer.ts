import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * An MCP server built with the official SDK, on 127.0.0.1, for tests of Weft's MCP client
 * (the MCP Tools node): Streamable HTTP with sessions at `/mcp`, the older SSE transport
 * at `/sse` + `/messages`, an optional bearer token, and tools that add (structured), look
 * an order up, fail, echo the headers they were sent, and wait until cancelled. It records
 * requests, calls, cancellations and ended sessions. No vitest imports.
 */
export interface McpPeer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** The Streamable HTTP endpoint. */
  streamableUrl: string;
  /** The SSE endpoint of the older transport. */
  sseUrl: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  calls: { tool: string; args: Record<string, unknown> }[];
  /** Calls of `wait` whose request the client cancelled (or whose connection closed). */
  cancelled: number;
  /** Streamable HTTP sessions the client ended with DELETE. */
  sessionsEnded: number;
  /** Resolves when a `wait` call has started. */
  waiting(): Promise<void>;
  /** Resolves once `count` `wait` calls were cancelled. */
  cancelledAtLeast(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface McpPeerOptions {
  /** When set, every request must carry `Authorization: Bearer <token>` (else 401). */
  bearerToken?: string;
}

export async function startMcpPeer(options: McpPeerOptions = {}): Promise<McpPeer> {
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  /** The headers of each session's latest request: what `echo_headers` answers. */
  const latestHeaders = new Map<StreamableHTTPServerTransport, http.IncomingHttpHeaders>();
  const legacy = new Map<string, SSEServerTransport>();
  const listeners = { waiting: [] as (() => void)[], cancelled: [] as (() => void)[] };
  const peer = { calls: [], cancelled: 0, sessionsEnded: 0, requests: [] } as unknown as McpPeer;

  const newServer = (headersOf: () => http.IncomingHttpHeaders) => {
    const server = new McpServer({ name: 'test-peer', version: '1.0.0' }, { capabilities: { tools: {} } });
    const record = (tool: string, args: Record<string, unknown>) => peer.calls.push({ tool, args });
    server.registerTool(
      'add',
      { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() }, outputSchema: { sum: z.number() } },
      async ({ a, b }) => {
        record('add', { a, b });
        return { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } };
      },
    );
    server.registerTool('look_up_order', { description: 'Finds an order by its id.', inputSchema: { orderId: z.string() } }, async ({ orderId }) => {
      record('look_up_order', { orderId });
      return { content: [{ type: 'text', text: `Order ${orderId}: shipped on Monday` }] };
    });
    server.registerTool('fails', { description: 'Always fails.', inputSchema: { why: z.string().optional() } }, async ({ why }) => {
      record('fails', { why });
      return { content: [{ type: 'text', text: `The warehouse is closed${why ? ` (${why})` : ''}` }], isError: true };
    });
    server.registerTool('echo_headers', { description: 'Answers the headers it was sent.' }, async () => {
      record('echo_headers', {});
      return { content: [{ type: 'text', text: JSON.stringify(headersOf()) }] };
    });
    server.registerTool('github.search', { description: 'A name with a dot, as MCP allows.', inputSchema: { q: z.string() } }, async ({ q }) => {
      record('github.search', { q });
      return {
        content: [
          { type: 'text', text: `found ${q}` },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
      };
    });
    server.registerTool('wait', { description: 'Waits until cancelled.' }, async (extra) => {
      record('wait', {});
      for (const listener of listeners.waiting.splice(0)) listener();
      await new Promise<void>((resolve) => {
        if (extra.signal.aborted) resolve();
        extra.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      peer.cancelled += 1;
      for (const listener of [...listeners.cancelled]) listener();
      return { content: [{ type: 'text', text: 'cancelled' }] };
    });
    return server;
  };

  const httpServer = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    peer.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
    if (options.bearerToken && req.headers.authorization !== `Bearer ${options.bearerToken}`) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end('{"error":"unauthorized"}');
      return;
    }
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    try {
      if (url.pathname === '/mcp') await streamableRequest(req, res, body);
      else if (url.pathname === '/sse' && req.method === 'GET') await openSse(req, res);
      else if (url.pathname === '/messages' && req.method === 'POST')
        await legacy.get(url.searchParams.get('sessionId') ?? '')?.handlePostMessage(req, res, body);
      else res.writeHead(404).end('not found');
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });

  async function streamableRequest(req: http.IncomingMessage, res: http.ServerResponse, body: unknown): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? streamable.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId !== undefined || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          streamable.set(id, created);
        },
        onsessionclosed: (id) => {
          streamable.delete(id);
          peer.sessionsEnded += 1;
        },
      });
      transport = created;
      await newServer(() => latestHeaders.get(created) ?? {}).connect(created);
    }
    latestHeaders.set(transport, req.headers);
    await transport.handleRequest(req, res, body);
  }

  async function openSse(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const transport = new SSEServerTransport('/messages', res);
    legacy.set(transport.sessionId, transport);
    res.on('close', () => legacy.delete(transport.sessionId));
    await newServer(() => req.headers).connect(transport);
  }

  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(peer, {
    origin,
    port,
    streamableUrl: `${origin}/mcp`,
    sseUrl: `${origin}/sse`,
    waiting: () => new Promise<void>((resolve) => listeners.waiting.push(resolve)),
    cancelledAtLeast: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (peer.cancelled < count) return;
          listeners.cancelled.splice(listeners.cancelled.indexOf(check), 1);
          resolve();
        };
        listeners.cancelled.push(check);
        check();
      }),
    close: async () => {
      await Promise.all([...streamable.values(), ...legacy.values()].map((transport) => transport.close().catch(() => undefined)));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  });
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}
