import type { NodeStep } from '@weft/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicPeer, startAnthropicPeer } from '../test-support/anthropic-peer.js';
import { type McpPeer, startMcpPeer } from '../test-support/mcp-peer.js';
import { type OpenAiPeer, type PeerToolResult, type PeerTurn, startOpenAiPeer } from '../test-support/openai-peer.js';
import { addSecret, createWorkflow, edge, node, runAgentWorkflow, runAndWait, streamedEvents, workflow } from '../test-support/run-fixtures.js';
import { type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/*
 * The MCP Tools node lending an MCP server's tools to an Agent, end to end: runs through
 * the HTTP API, the model an OpenAI-compatible or Anthropic peer answering with tool calls
 * (parallel ones too), the tools those of an MCP server built with the official SDK.
 */

type Script = (request: unknown, results: readonly PeerToolResult[]) => PeerTurn;

const secretToken = 'mcp-secret-3e9b71c4d2';

describe.each(['openai-compatible', 'anthropic'] as const)('Agent with MCP tools on %s', (provider) => {
  const weft = useTestWeft('sqlite');
  let openai: OpenAiPeer;
  let anthropic: AnthropicPeer;
  let mcp: McpPeer;
  let locked: McpPeer;
  beforeAll(async () => {
    openai = await startOpenAiPeer({ tokenDelayMs: 0 });
    anthropic = await startAnthropicPeer({ tokenDelayMs: 0 });
    mcp = await startMcpPeer();
    locked = await startMcpPeer({ bearerToken: secretToken });
  });
  afterAll(async () => {
    await Promise.all([openai.close(), anthropic.close(), mcp.close(), locked.close()]);
  });

  const model = () => (provider === 'anthropic' ? anthropic : openai);
  const script = (turn: Script) => model().set({ turn: turn as never });

  function agentWorkflow(mcpConfig: Record<string, unknown>, task = 'What is 2 + 3, and where is order 42?') {
    return workflow(
      'MCP agent',
      [
        node('agent', 'ai.agent', { provider, baseUrl: model().url, model: 'test-model', task }, 'Agent'),
        node('shop', 'mcp.tools', { url: mcp.streamableUrl, ...mcpConfig }, 'Shop server'),
        node('answer', 'output'),
      ],
      [edge('shop', 'agent', 'tool', 'tools'), edge('agent', 'answer')],
    );
  }

  const run = (user: SignedIn, document: ReturnType<typeof agentWorkflow>) => runAgentWorkflow(weft(), user, document);

  it('offers the chosen tools of the server and calls two of them at once', async () => {
    script((_request, results) =>
      results.length === 0
        ? {
            toolCalls: [
              { name: 'add', arguments: { a: 2, b: 3 } },
              { name: 'look_up_order', arguments: { orderId: '42' } },
            ],
          }
        : { text: `Done: ${results.map((r) => r.content).join(' | ')}` },
    );
    const user = await signUp(weft());
    const { execution, steps } = await run(user, agentWorkflow({ tools: 'add, look_up_order' }));

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs.answer).toBe('Done: {"sum":5} | Order 42: shipped on Monday');
    expect(steps.map((s) => [s.kind, s.name, s.status])).toEqual([
      ['model', 'test-model', 'success'],
      ['tool', 'add', 'success'],
      ['tool', 'look_up_order', 'success'],
      ['model', 'test-model', 'success'],
    ]);
    expect(steps[1]).toMatchObject({ input: { a: 2, b: 3 }, output: { sum: 5 }, toolNodeId: 'shop' });
    expect(mcp.calls.slice(-2)).toEqual([
      { tool: 'add', args: { a: 2, b: 3 } },
      { tool: 'look_up_order', args: { orderId: '42' } },
    ]);
    // Only the chosen tools were described to the model, with the server's argument schemas.
    const sent = JSON.stringify(model().requests.at(-1)?.json);
    expect(sent).toContain('Finds an order by its id.');
    expect(sent).toContain('orderId');
    expect(sent).not.toContain('echo_headers');
    // The tool node is the agent's; it logged what it offered.
    expect(execution.nodes.shop).toBeUndefined();
    expect(execution.nodes.agent?.logs.map((l) => l.message)).toContain(`Shop server: 2 tools of 127.0.0.1:${mcp.port}: add, look_up_order`);
  });

  it('sends a tool the server reports failed back to the model, which recovers; names MCP allows get a provider’s spelling', async () => {
    script((_request, results) => {
      if (results.length === 0) return { toolCalls: [{ name: 'fails', arguments: { why: 'Sunday' } }] };
      if (results.length === 1) return { toolCalls: [{ name: 'github_search', arguments: { q: 'late parcels' } }] };
      return { text: `Recovered: ${results.map((r) => `${r.isError ? 'error' : 'ok'}=${r.content}`).join(' ; ')}` };
    });
    const user = await signUp(weft());
    const { execution, steps } = await run(user, agentWorkflow({ tools: 'fails\ngithub.search' }));

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(steps.map((s) => `${s.kind}:${s.name}:${s.status}`)).toEqual([
      'model:test-model:success',
      'tool:fails:error',
      'model:test-model:success',
      'tool:github_search:success',
      'model:test-model:success',
    ]);
    expect(steps[1]?.error).toBe('The warehouse is closed (Sunday)');
    expect(String(execution.outputs.answer)).toContain('found late parcels\n\n[image content (image/png) not shown]');
    expect(mcp.calls.at(-1)).toEqual({ tool: 'github.search', args: { q: 'late parcels' } });
  });

  it('sends the bearer token and a header from secrets, and masks them where a tool returns them', async () => {
    script((_request, results) => (results.length === 0 ? { toolCalls: [{ name: 'echo_headers', arguments: {} }] } : { text: 'Checked the headers.' }));
    const user = await signUp(weft());
    await addSecret(weft(), user, 'MCP_TOKEN', secretToken);
    const document = agentWorkflow({
      url: `${locked.origin}/mcp`,
      bearerToken: '{{secrets.MCP_TOKEN}}',
      headers: { 'X-Shop-Key': 'key {{secrets.MCP_TOKEN}}' },
      tools: 'echo_headers',
    });
    const { execution, steps } = await run(user, document);

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(locked.requests.at(-1)?.headers.authorization).toBe(`Bearer ${secretToken}`);
    expect(locked.requests.at(-1)?.headers['x-shop-key']).toBe(`key ${secretToken}`);
    expect(JSON.stringify(steps[1]?.output)).toContain('Bearer ••••');
    const events = await streamedEvents(weft(), user, execution.id);
    const stored = await weft().services.db.selectFrom('executions').selectAll().where('id', '=', execution.id).executeTakeFirstOrThrow();
    for (const place of [JSON.stringify(execution), JSON.stringify(events), JSON.stringify(stored)]) expect(place).not.toContain(secretToken);
  });

  it('fails naming the tools the server has when the node asks for one it does not', async () => {
    script(() => ({ text: 'never asked' }));
    const user = await signUp(weft());
    const { execution } = await run(user, agentWorkflow({ tools: 'add, refund_order' }));
    expect(execution.status).toBe('error');
    expect(execution.nodes.agent?.error).toBe(
      `127.0.0.1:${mcp.port} has no tool refund_order (it offers add, look_up_order, fails, echo_headers, github.search, wait); fix Tools to offer`,
    );
  });

  it('cancels the tool call on the MCP server when the run is cancelled', async () => {
    script(() => ({ toolCalls: [{ name: 'wait', arguments: {} }] }));
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, agentWorkflow({ tools: 'wait' }));
    const cancelledBefore = mcp.cancelled;
    const waiting = mcp.waiting();
    const started = await weft().app.inject({ method: 'POST', url: `/api/workflows/${id}/run`, headers: user.headers, payload: {} });
    const executionId = (started.json() as { execution: { id: string } }).execution.id;
    await waiting;
    const cancelled = await weft().app.inject({ method: 'POST', url: `/api/executions/${executionId}/cancel`, headers: user.headers });
    expect(cancelled.json().execution.status).toBe('cancelled');
    await mcp.cancelledAtLeast(cancelledBefore + 1);
    const detail = (await weft().app.inject({ method: 'GET', url: `/api/executions/${executionId}`, headers: user.headers })).json().execution;
    expect(((detail.nodes.agent.steps ?? []) as NodeStep[]).map((s) => `${s.kind}:${s.status}`)).toEqual(['model:success', 'tool:error']);
  });
});

describe('MCP Tools in a flow, and the outbound guard', () => {
  let mcp: McpPeer;
  let openai: OpenAiPeer;
  beforeAll(async () => {
    mcp = await startMcpPeer();
    openai = await startOpenAiPeer({ tokenDelayMs: 0 });
  });
  afterAll(async () => {
    await Promise.all([mcp.close(), openai.close()]);
  });
  // Private addresses refused, as an operator leaves it: the MCP server on 127.0.0.1 is not reachable.
  const guarded = useTestWeft('sqlite', { env: { WEFT_ALLOW_PRIVATE_NETWORK: '0' } });
  const open = useTestWeft('sqlite');

  it('lists the server’s tools when run on its own', async () => {
    const user = await signUp(open());
    const id = await createWorkflow(
      open(),
      user,
      workflow('List', [node('shop', 'mcp.tools', { url: mcp.sseUrl, transport: 'auto', tools: 'add' }), node('out', 'output')], [edge('shop', 'out')]),
    );
    const execution = await runAndWait(open(), user, id);
    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs.out).toEqual([{ name: 'add', description: 'Adds two numbers.', inputSchema: expect.objectContaining({ type: 'object' }) }]);
  });

  it('refuses an MCP server on a private address unless the operator allows it', async () => {
    // The agent lists its tools before its first model call, so the model is never asked.
    const weft = guarded();
    const user = await signUp(weft);
    const document = workflow(
      'Guarded',
      [
        node('agent', 'ai.agent', { provider: 'openai-compatible', baseUrl: openai.url, model: 'test-model', task: 'hi' }),
        node('shop', 'mcp.tools', { url: mcp.streamableUrl }, 'Shop server'),
        node('out', 'output'),
      ],
      [edge('shop', 'agent', 'tool', 'tools'), edge('agent', 'out')],
    );
    const before = mcp.requests.length;
    const id = await createWorkflow(weft, user, document);
    const execution = await runAndWait(weft, user, id);
    expect(execution.status).toBe('error');
    expect(execution.nodes.agent?.error).toMatch(new RegExp(`^Tool "Shop server" could not list the tools of 127\\.0\\.0\\.1:${mcp.port}: .*127\\.0\\.0\\.1`));
    expect(mcp.requests.length).toBe(before);
  });
});
