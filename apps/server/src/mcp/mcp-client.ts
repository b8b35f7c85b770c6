import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpCallResult, McpContent, McpServerRef, McpService, McpToolInfo } from '@weft/nodes';
import type { GuardedFetch } from '../outbound/guarded-fetch.js';
import { OutboundError } from '../outbound/outbound-errors.js';

/** How Weft introduces itself to MCP servers. */
const CLIENT_INFO = { name: 'weft', title: 'Weft', version: '1.0.0' };
/** A server offering more than this many pages of tools is read no further (a paging loop). */
const MAX_LIST_PAGES = 20;
/** Statuses with which a server says it does not speak Streamable HTTP (the SDK's guidance for falling back to SSE). */
const NOT_STREAMABLE = new Set([400, 404, 405]);

type Sdk = Awaited<ReturnType<typeof loadSdk>>;
let sdk: Promise<Sdk> | undefined;

/** The SDK's client side, imported by the first MCP Tools node that runs, not at start. */
function loadSdk() {
  return Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
  ]).then(([client, streamable, sse]) => ({ ...client, ...streamable, ...sse }));
}

/**
 * `NodeServices.mcp` over the official SDK. Every request goes through the guarded fetch,
 * so an MCP server on the private network is refused as an HTTP Request would be, also
 * after a redirect, and answers are size-limited. Each list or call is one connection of
 * its own (initialize, the request, then the session ended and the connection closed):
 * no session outlives the call that needed it, so nothing is left open when an agent
 * ends, fails or is cancelled, and any process (API or worker) can make any call.
 */
export function createMcpService(guardedFetch: GuardedFetch): McpService {
  return {
    async listTools(server, signal) {
      return withClient(guardedFetch, server, signal, async (client, options) => {
        const tools: McpToolInfo[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MAX_LIST_PAGES; page++) {
          const listed = await client.listTools(cursor === undefined ? {} : { cursor }, options);
          for (const tool of listed.tools) {
            tools.push({
              name: tool.name,
              ...(tool.title ? { title: tool.title } : {}),
              ...(tool.description ? { description: tool.description } : {}),
              inputSchema: tool.inputSchema as Record<string, unknown>,
            });
          }
          cursor = listed.nextCursor;
          if (!cursor) break;
        }
        return tools;
      });
    },
    async callTool(server, name, args, signal) {
      return withClient(guardedFetch, server, signal, async (client, options) => {
        const result = await client.callTool({ name, arguments: { ...args } }, undefined, options);
        return callResultOf(result as { content?: unknown; structuredContent?: unknown; isError?: unknown; toolResult?: unknown });
      });
    },
  };
}

interface RequestOptions {
  signal: AbortSignal;
  timeout: number;
}

/**
 * Connects, runs `work`, and closes: with Streamable HTTP, or SSE for an older server, or
 * (auto) Streamable HTTP and then SSE when the server answers that it does not know it.
 */
async function withClient<T>(
  guardedFetch: GuardedFetch,
  server: McpServerRef,
  outer: AbortSignal | undefined,
  work: (client: Client, options: RequestOptions) => Promise<T>,
): Promise<T> {
  const url = parseUrl(server.url);
  const deadline = AbortSignal.timeout(server.timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  const options = { signal, timeout: server.timeoutMs };
  sdk ??= loadSdk();
  const loaded = await sdk;
  const requestInit = { headers: { ...server.headers } };
  const attempt = async (kind: 'streamable-http' | 'sse'): Promise<T> => {
    // The SDK hands every request to this fetch: the guard's, bounded by the exchange's time.
    // Streamable HTTP's standalone GET stream carries what a server says outside any request
    // (list changes, its own requests); one list or call needs none of it, so it is answered
    // 405 here, as a server without one would, and costs no request and no open stream.
    const fetch = ((input: string | URL | Request, init?: RequestInit) =>
      kind === 'streamable-http' && (init?.method ?? 'GET') === 'GET'
        ? Promise.resolve(new Response(null, { status: 405 }))
        : guardedFetch(input, { ...init, timeoutMs: server.timeoutMs })) as typeof globalThis.fetch;
    const client = new loaded.Client(CLIENT_INFO, { capabilities: {} });
    const transport: Transport =
      kind === 'sse' ? new loaded.SSEClientTransport(url, { fetch, requestInit }) : new loaded.StreamableHTTPClientTransport(url, { fetch, requestInit });
    try {
      await client.connect(transport, options);
      return await work(client, options);
    } finally {
      await endSession(transport);
      await client.close().catch(() => undefined);
    }
  };
  try {
    if (server.transport !== 'auto') return await attempt(server.transport);
    try {
      return await attempt('streamable-http');
    } catch (error) {
      if (!(error instanceof loaded.StreamableHTTPError) || !NOT_STREAMABLE.has(error.code ?? 0)) throw error;
      return await attempt('sse');
    }
  } catch (error) {
    throw readableError(error, server, signal, outer);
  }
}

/** Ends a Streamable HTTP session the server opened, so it need not wait for it to time out; best effort. */
async function endSession(transport: Transport): Promise<void> {
  const ending = transport as Transport & { sessionId?: string; terminateSession?: () => Promise<void> };
  if (!ending.sessionId || !ending.terminateSession) return;
  await ending.terminateSession().catch(() => undefined);
}

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new OutboundError(`"${text}" is not a valid URL.`);
  }
}

/** The SDK's and the guard's errors as a sentence for the run log and the agent's model. */
function readableError(error: unknown, server: McpServerRef, signal: AbortSignal, outer: AbortSignal | undefined): Error {
  if (outer?.aborted) return new Error('Cancelled');
  if (signal.aborted) return new Error(`The MCP server at ${server.url} did not answer within ${Math.round(server.timeoutMs / 1000)} s`);
  if (error instanceof OutboundError) return error;
  const cause = error instanceof Error && error.cause instanceof OutboundError ? error.cause : undefined;
  if (cause) return cause;
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { code?: unknown }).code;
  if (status === 401 || status === 403) {
    return new Error(`The MCP server at ${server.url} refused the credentials (HTTP ${status}): check Bearer token and Headers. ${message}`);
  }
  return new Error(`MCP server at ${server.url}: ${message}`);
}

/** A tool's result as the node reads it: text parts kept, other media named. */
export function callResultOf(result: { content?: unknown; structuredContent?: unknown; isError?: unknown; toolResult?: unknown }): McpCallResult {
  // Servers of the 2024-10-07 protocol answer `toolResult` instead of `content`.
  if (result.content === undefined && result.toolResult !== undefined) {
    return { content: [{ type: 'text', text: typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult) }], isError: false };
  }
  const parts = Array.isArray(result.content) ? result.content : [];
  const content: McpContent[] = parts.map(
    (part: { type?: string; text?: string; mimeType?: string; resource?: { uri?: string; text?: string; mimeType?: string }; uri?: string; name?: string }) => {
      switch (part.type) {
        case 'text':
          return { type: 'text', text: part.text ?? '' };
        case 'resource':
          if (typeof part.resource?.text === 'string') return { type: 'text', text: part.resource.text };
          return { type: 'other', description: `resource ${part.resource?.uri ?? ''} (${part.resource?.mimeType ?? 'binary'})` };
        case 'resource_link':
          return { type: 'text', text: `${part.name ?? 'resource'}: ${part.uri ?? ''}` };
        default:
          return { type: 'other', description: `${part.type ?? 'unknown'} content${part.mimeType ? ` (${part.mimeType})` : ''} not shown` };
      }
    },
  );
  return { content, ...(result.structuredContent !== undefined ? { structured: result.structuredContent } : {}), isError: result.isError === true };
}
