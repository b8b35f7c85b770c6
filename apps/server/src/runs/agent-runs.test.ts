import type { NodeStep } from '@weft/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicPeer, startAnthropicPeer } from '../test-support/anthropic-peer.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type OpenAiPeer, type PeerToolResult, type PeerTurn, startOpenAiPeer } from '../test-support/openai-peer.js';
import { addSecret, createWorkflow, edge, node, runAgentWorkflow, streamedEvents, workflow } from '../test-support/run-fixtures.js';
import { type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Agents end to end (issue 23): whole runs through the HTTP API against an OpenAI-compatible
 * and an Anthropic peer that answer with tool calls, parallel ones too; the tools are real
 * nodes (HTTP Request against an HTTP peer behind the outbound guard, Code in the QuickJS
 * sandbox).
 */

type Script = (request: unknown, results: readonly PeerToolResult[]) => PeerTurn;

const providers = [
  ['openai-compatible', (peers: Peers) => peers.openai],
  ['anthropic', (peers: Peers) => peers.anthropic],
] as const;

interface Peers {
  openai: OpenAiPeer;
  anthropic: AnthropicPeer;
}

describe.each(providers)('Agent on %s', (provider, peerOf) => {
  const weft = useTestWeft('sqlite');
  const peers = {} as Peers;
  let shop: HttpPeer;
  beforeAll(async () => {
    peers.openai = await startOpenAiPeer({ tokenDelayMs: 0 });
    peers.anthropic = await startAnthropicPeer({ tokenDelayMs: 0 });
    shop = await startHttpPeer();
  });
  afterAll(async () => {
    await peers.openai.close();
    await peers.anthropic.close();
    await shop.close();
  });

  const model = () => peerOf(peers);
  const script = (turn: Script) => model().set({ turn: turn as never });

  /** An agent with an order lookup (HTTP Request, the order id the model's) and a refund calculator (Code). */
  function agentWorkflow(
    agent: Record<string, unknown> = {},
    lookupUrl = `${shop.url}/echo?order={{args.orderId}}`,
    extraHeaders: Record<string, string> = {},
  ) {
    return workflow(
      'Support agent',
      [
        node(
          'agent',
          'ai.agent',
          { provider, baseUrl: model().url, model: 'test-model', task: 'Where is order 42, and what refund is due on 80?', ...agent },
          'Agent',
        ),
        node('orders', 'http.request', { method: 'GET', url: lookupUrl, headers: extraHeaders, responseAs: 'json' }, 'Look up order'),
        node('refund', 'code.javascript', { code: 'return { refund: input.amount * 0.1 };' }, 'Compute refund'),
        node('answer', 'output'),
      ],
      [edge('orders', 'agent', 'tool', 'tools'), edge('refund', 'agent', 'tool', 'tools'), edge('agent', 'answer')],
    );
  }

  const run = (user: SignedIn, document: ReturnType<typeof agentWorkflow>) => runAgentWorkflow(weft(), user, document);

  it('does a two-tool task: both tools called at once, their results read back, every step kept', async () => {
    script((_request, results) =>
      results.length === 0
        ? {
            text: 'Let me check.',
            toolCalls: [
              { name: 'look_up_order', arguments: { orderId: '42' } },
              { name: 'compute_refund', arguments: { input: { amount: 80 } } },
            ],
          }
        : { text: `Results: ${results.map((r) => r.content).join(' | ')}` },
    );
    const user = await signUp(weft());
    const { execution, steps } = await run(user, agentWorkflow());

    expect(execution.status, execution.error ?? '').toBe('success');
    const answer = String(execution.outputs.answer);
    expect(answer).toContain('"order":"42"');
    expect(answer).toContain('{"refund":8}');
    expect(shop.requests.at(-1)?.query).toMatchObject({ order: '42' });
    expect(steps.map((s) => [s.index, s.kind, s.name, s.status])).toEqual([
      [1, 'model', 'test-model', 'success'],
      [2, 'tool', 'look_up_order', 'success'],
      [3, 'tool', 'compute_refund', 'success'],
      [4, 'model', 'test-model', 'success'],
    ]);
    expect(steps[0]?.output).toMatchObject({ toolCalls: [{ name: 'look_up_order' }, { name: 'compute_refund' }] });
    expect(steps[0]?.usage?.inputTokens).toBeGreaterThan(0);
    expect(steps[2]).toMatchObject({ input: { input: { amount: 80 } }, output: { refund: 8 }, toolNodeId: 'refund' });
    expect(execution.usage?.inputTokens).toBe((steps[0]?.usage?.inputTokens ?? 0) + (steps[3]?.usage?.inputTokens ?? 0));
    // The tools were described to the model with their arguments.
    const sent = JSON.stringify(model().requests.at(-1)?.json);
    expect(sent).toContain('look_up_order');
    expect(sent).toContain('orderId');
    // Tool nodes are the agent's: they do not run in the flow.
    expect(execution.nodes.orders).toBeUndefined();
    // The live stream carries the steps too.
    const events = await streamedEvents(weft(), user, execution.id);
    expect(events.filter((e) => e.type === 'node:step')).toHaveLength(4);
  });

  it('sends a failing tool’s error to the model, which recovers', async () => {
    script((_request, results) => {
      if (results.length === 0) return { toolCalls: [{ name: 'look_up_order', arguments: { orderId: '503' } }] };
      if (results.length === 1) return { toolCalls: [{ name: 'look_up_order', arguments: { orderId: '200' } }] };
      return { text: `Recovered after: ${results[0]?.content}` };
    });
    const user = await signUp(weft());
    const { execution, steps } = await run(user, agentWorkflow({}, `${shop.url}/status/{{args.orderId}}`));

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(String(execution.outputs.answer)).toMatch(/^Recovered after: .*503/);
    expect(steps.map((s) => `${s.kind}:${s.status}`)).toEqual(['model:success', 'tool:error', 'model:success', 'tool:success', 'model:success']);
    expect(steps[1]?.error).toMatch(/503/);
  });

  it('fails at the step limit naming it, keeping every step taken', async () => {
    script(() => ({ toolCalls: [{ name: 'look_up_order', arguments: { orderId: '1' } }] }));
    const user = await signUp(weft());
    const { execution, steps } = await run(user, agentWorkflow({ maxSteps: 2 }));

    expect(execution.status).toBe('error');
    expect(execution.nodes.agent?.error).toBe(
      'Agent stopped at its step limit: 2 model calls (Max steps) without a final answer. The 4 steps taken are in the run log. Raise Max steps or narrow the task.',
    );
    expect(steps.map((s) => s.kind)).toEqual(['model', 'tool', 'model', 'tool']);
    expect(execution.nodes.agent?.logs.filter((l) => l.message.startsWith('Step '))).toHaveLength(4);
  });

  it('masks a secret a tool returns, in the steps, the log, the stream and the stored row', async () => {
    const secret = 'shop-token-5f2a9c7e1d';
    script((_request, results) => (results.length === 0 ? { toolCalls: [{ name: 'look_up_order', arguments: { orderId: '9' } }] } : { text: 'Looked it up.' }));
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SHOP_TOKEN', secret);
    // The echo peer returns the request's headers: the tool's result holds the secret.
    const { execution, steps } = await run(user, agentWorkflow({}, `${shop.url}/echo?order={{args.orderId}}`, { 'x-shop-token': '{{secrets.SHOP_TOKEN}}' }));

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(shop.requests.at(-1)?.headers['x-shop-token']).toBe(secret);
    expect(JSON.stringify(steps[1]?.output)).toContain('••••');
    const events = await streamedEvents(weft(), user, execution.id);
    const stored = await weft().services.db.selectFrom('executions').selectAll().where('id', '=', execution.id).executeTakeFirstOrThrow();
    for (const place of [JSON.stringify(execution), JSON.stringify(events), JSON.stringify(stored)]) expect(place).not.toContain(secret);
  });

  it('stops inside a tool call on cancel and calls nothing after', async () => {
    script(() => ({ toolCalls: [{ name: 'look_up_order', arguments: { orderId: 'slow' } }] }));
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, agentWorkflow({}, `${shop.url}/slow?order={{args.orderId}}`));
    const before = { model: model().requests.length, shop: shop.requests.length };
    const started = await weft().app.inject({ method: 'POST', url: `/api/workflows/${id}/run`, headers: user.headers, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    const executionId = (started.json() as { execution: { id: string } }).execution.id;
    await expect.poll(() => shop.requests.length, { timeout: 10_000 }).toBe(before.shop + 1);

    const cancelled = await weft().app.inject({ method: 'POST', url: `/api/executions/${executionId}/cancel`, headers: user.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = async () => (await weft().app.inject({ method: 'GET', url: `/api/executions/${executionId}`, headers: user.headers })).json().execution;
    await expect.poll(async () => (await detail()).status, { timeout: 10_000 }).toBe('cancelled');

    const steps = ((await detail()).nodes.agent.steps ?? []) as NodeStep[];
    expect(steps.map((s) => `${s.kind}:${s.status}`)).toEqual(['model:success', 'tool:error']);
    expect(steps[1]).toMatchObject({ name: 'look_up_order', error: 'Cancelled', input: { orderId: 'slow' } });
    expect(model().requests.length).toBe(before.model + 1);
    expect(shop.requests.length).toBe(before.shop + 1);
  });
});
