import type { McpServerRef } from '@weft/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, type GuardedFetch } from '../outbound/guarded-fetch.js';
import { type McpPeer, startMcpPeer } from '../test-support/mcp-peer.js';
import { createMcpService } from './mcp-client.js';

/*
 * The MCP client layer (NodeServices.mcp) against an MCP server built with the official
 * SDK on 127.0.0.1: Streamable HTTP and the older SSE transport, the fallback between
 * them, headers, results of every kind, cancelling, and the outbound guard refusing a
 * server on a private address unless the operator allows it.
 */

describe('MCP client', () => {
  let peer: McpPeer;
  let locked: McpPeer;
  const fetches: GuardedFetch[] = [];
  const guarded = (policy: { allowPrivateNetwork: boolean; allowedPrivateHosts?: string[] }) => {
    const fetch = createGuardedFetch({ allowedPrivateHosts: [], ...policy });
    fetches.push(fetch);
    return fetch;
  };
  const open = createMcpService(guarded({ allowPrivateNetwork: true }));
  const ref = (overrides: Partial<McpServerRef> = {}): McpServerRef => ({
    url: peer.streamableUrl,
    transport: 'streamable-http',
    headers: {},
    timeoutMs: 10_000,
    ...overrides,
  });

  beforeAll(async () => {
    peer = await startMcpPeer();
    locked = await startMcpPeer({ bearerToken: 'peer-token-81' });
  });
  afterAll(async () => {
    await Promise.all([peer.close(), locked.close(), ...fetches.map((fetch) => fetch.close())]);
  });

  it('lists tools over Streamable HTTP and ends the session it opened', async () => {
    const ended = peer.sessionsEnded;
    const before = peer.requests.length;
    const tools = await open.listTools(ref());
    // initialize, initialized, tools/list, the session ended: no standalone GET stream opened.
    expect(peer.requests.slice(before).map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'DELETE']);
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'look_up_order', 'fails', 'echo_headers', 'github.search', 'wait']);
    expect(tools[0]).toMatchObject({ description: 'Adds two numbers.', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } });
    expect(peer.sessionsEnded).toBe(ended + 1);
  });

  it('calls tools: text, structured results, failures the tool reports, and media named', async () => {
    expect(await open.callTool(ref(), 'add', { a: 2, b: 3 })).toEqual({ content: [{ type: 'text', text: '5' }], structured: { sum: 5 }, isError: false });
    expect(await open.callTool(ref(), 'fails', { why: 'Sunday' })).toEqual({
      content: [{ type: 'text', text: 'The warehouse is closed (Sunday)' }],
      isError: true,
    });
    const mixed = await open.callTool(ref(), 'github.search', { q: 'weft' });
    expect(mixed.content).toEqual([
      { type: 'text', text: 'found weft' },
      { type: 'other', description: 'image content (image/png) not shown' },
    ]);
    expect(peer.calls.at(-1)).toEqual({ tool: 'github.search', args: { q: 'weft' } });
  });

  it('speaks SSE to older servers, and falls back to it when the server does not know Streamable HTTP', async () => {
    const overSse = await open.callTool(ref({ url: peer.sseUrl, transport: 'sse' }), 'look_up_order', { orderId: '7' });
    expect(overSse.content).toEqual([{ type: 'text', text: 'Order 7: shipped on Monday' }]);
    const before = peer.requests.length;
    const auto = await open.listTools(ref({ url: peer.sseUrl, transport: 'auto' }));
    expect(auto).toHaveLength(6);
    // Streamable HTTP was tried first (a POST to the SSE address, refused), then the SSE stream opened.
    expect(peer.requests.slice(before, before + 2).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /sse', 'GET /sse']);
  });

  it('sends the node’s headers, and says so when the server refuses them', async () => {
    const listed = await open.listTools(ref({ url: `${locked.origin}/mcp`, headers: { Authorization: 'Bearer peer-token-81' } }));
    expect(listed).toHaveLength(6);
    const echoed = await open.callTool(
      ref({ url: `${locked.origin}/mcp`, headers: { Authorization: 'Bearer peer-token-81', 'X-Tenant': 'acme' } }),
      'echo_headers',
      {},
    );
    expect(JSON.parse((echoed.content[0] as { text: string }).text)).toMatchObject({ 'x-tenant': 'acme' });
    await expect(open.listTools(ref({ url: `${locked.origin}/mcp`, headers: { Authorization: 'Bearer wrong' } }))).rejects.toThrow(
      /refused the credentials \(HTTP 401\): check Bearer token and Headers/,
    );
  });

  it('cancels a call on the server when the signal aborts', async () => {
    const abort = new AbortController();
    const cancelledBefore = peer.cancelled;
    const started = peer.waiting();
    const call = open.callTool(ref(), 'wait', {}, abort.signal);
    await started;
    abort.abort();
    await expect(call).rejects.toThrow('Cancelled');
    await peer.cancelledAtLeast(cancelledBefore + 1);
  });

  it('gives up at the timeout, naming it', async () => {
    const started = peer.waiting();
    const call = open.callTool(ref({ timeoutMs: 1000 }), 'wait', {});
    await started;
    await expect(call).rejects.toThrow(`The MCP server at ${peer.streamableUrl} did not answer within 1 s`);
  });

  it('refuses a server on a private address unless the operator allows it', async () => {
    const guardedOnly = createMcpService(guarded({ allowPrivateNetwork: false }));
    const before = peer.requests.length;
    for (const transport of ['streamable-http', 'sse', 'auto'] as const) {
      const url = transport === 'sse' ? peer.sseUrl : peer.streamableUrl;
      await expect(guardedOnly.listTools(ref({ url, transport }))).rejects.toThrow(/127\.0\.0\.1.*(private|loopback|this machine)/i);
    }
    expect(peer.requests.length).toBe(before);

    const allowedHost = createMcpService(guarded({ allowPrivateNetwork: false, allowedPrivateHosts: [`127.0.0.1:${peer.port}`] }));
    expect(await allowedHost.listTools(ref())).toHaveLength(6);
  });
});
