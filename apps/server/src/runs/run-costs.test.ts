import type { ExecutionDetail, ExecutionSummary, NodeStep, WorkflowUsage } from '@weft/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AnthropicPeer, startAnthropicPeer } from '../test-support/anthropic-peer.js';
import { type OpenAiPeer, type PeerToolResult, type PeerTurn, startOpenAiPeer } from '../test-support/openai-peer.js';
import { createWorkflow, edge, node, runAndWait, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';
import { toDetail, toSummary } from './executions.repository.js';

/**
 * Token use and cost (issue 23) end to end: an Agent on an OpenAI-compatible peer and LLM
 * Chat on an Anthropic peer, each answering with fixed token counts, so every cost is
 * known exactly: per step, per run (stored, listed, read back) and per workflow through
 * the API. A local model has no price until the node gives it one.
 */

// Core's table: gpt-4o-mini $0.15 / $0.60, claude-3-5-haiku $0.80 / $4 per million tokens.
const AGENT_CALL = { promptTokens: 1000, completionTokens: 200 };
const AGENT_CALL_USD = 0.00027;
const CHAT_CALL = { inputTokens: 2000, outputTokens: 500 };
const CHAT_CALL_USD = 0.0036;

describeEachDatabase('Run costs', (database) => {
  const weft = useTestWeft(database);
  let openai: OpenAiPeer;
  let anthropic: AnthropicPeer;
  beforeAll(async () => {
    openai = await startOpenAiPeer({ tokenDelayMs: 0, usage: AGENT_CALL });
    anthropic = await startAnthropicPeer({ tokenDelayMs: 0, usage: CHAT_CALL });
    // The agent calls its one tool once, then answers: two model steps.
    const turn = (_request: unknown, results: readonly PeerToolResult[]): PeerTurn =>
      results.length === 0 ? { toolCalls: [{ name: 'compute_refund', arguments: { input: { amount: 80 } } }] } : { text: 'Refund is 8.' };
    openai.set({ turn: turn as never });
  });
  afterAll(async () => {
    await openai.close();
    await anthropic.close();
  });

  /** Agent (gpt-4o-mini, one Code tool) → LLM Chat (claude-3-5-haiku) → output. */
  const agentThenChat = () =>
    workflow(
      'Refund desk',
      [
        node('agent', 'ai.agent', { provider: 'openai-compatible', baseUrl: openai.url, model: 'gpt-4o-mini', task: 'Refund on 80?' }, 'Agent'),
        node('refund', 'code.javascript', { code: 'return { refund: input.amount * 0.1 };' }, 'Compute refund'),
        node('chat', 'llm.chat', { provider: 'anthropic', baseUrl: anthropic.url, model: 'claude-3-5-haiku-20241022', prompt: 'Polish: {{input}}' }, 'Polish'),
        node('answer', 'output'),
      ],
      [edge('refund', 'agent', 'tool', 'tools'), edge('agent', 'chat'), edge('chat', 'answer')],
    );

  /** LLM Chat on a local model (the OpenAI-compatible peer under a name no table knows). */
  const localChat = (prices: Record<string, number> = {}) =>
    workflow(
      'Local chat',
      [
        node('chat', 'llm.chat', { provider: 'openai-compatible', baseUrl: openai.url, model: 'llama3.1:8b', prompt: 'Hi', ...prices }, 'Chat'),
        node('answer', 'output'),
      ],
      [edge('chat', 'answer')],
    );

  async function run(user: SignedIn, workflowId: string): Promise<ExecutionDetail> {
    const execution = (await runAndWait(weft(), user, workflowId)) as unknown as ExecutionDetail;
    expect(execution.status, execution.error ?? '').toBe('success');
    return execution;
  }

  const stepsOf = (execution: ExecutionDetail, nodeId: string): NodeStep[] => execution.nodes[nodeId]?.steps ?? [];

  async function workflowUsage(user: SignedIn, workflowId: string): Promise<WorkflowUsage> {
    const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${workflowId}/usage`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().usage as WorkflowUsage;
  }

  it('costs each model step, sums the run per model, stores and lists it, and totals the workflow', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, agentThenChat());
    const before = await workflowUsage(user, id);
    expect(before.allTime).toEqual({ runs: 0, inputTokens: 0, outputTokens: 0 });

    const execution = await run(user, id);
    const agentSteps = stepsOf(execution, 'agent');
    expect(agentSteps.map((s) => [s.kind, s.costUsd])).toEqual([
      ['model', AGENT_CALL_USD],
      ['tool', undefined],
      ['model', AGENT_CALL_USD],
    ]);
    expect(execution.nodes.agent?.logs.some((l) => l.message.includes('1000 + 200 tokens, $0.00027,'))).toBe(true);
    expect(stepsOf(execution, 'chat')).toMatchObject([
      { index: 1, kind: 'model', name: 'claude-3-5-haiku-20241022', usage: { inputTokens: 2000, outputTokens: 500 }, costUsd: CHAT_CALL_USD },
    ]);

    const runUsd = 2 * AGENT_CALL_USD + CHAT_CALL_USD;
    expect(execution.usage).toEqual({
      inputTokens: 4000,
      outputTokens: 900,
      costUsd: runUsd,
      models: {
        'gpt-4o-mini': { inputTokens: 2000, outputTokens: 400, costUsd: 2 * AGENT_CALL_USD, calls: 2 },
        'claude-3-5-haiku-20241022': { inputTokens: 2000, outputTokens: 500, costUsd: CHAT_CALL_USD, calls: 1 },
      },
    });

    // As stored (the row the API reads once the run leaves memory), and in the history list.
    const stored = await weft().services.db.selectFrom('executions').selectAll().where('id', '=', execution.id).executeTakeFirstOrThrow();
    expect(toDetail(stored).usage).toEqual(execution.usage);
    expect(toSummary(stored).usage).toEqual({ inputTokens: 4000, outputTokens: 900, costUsd: runUsd });
    const list = await weft().app.inject({ method: 'GET', url: `/api/executions?workflowId=${id}`, headers: user.headers });
    const row = (list.json().executions as ExecutionSummary[]).find((e) => e.id === execution.id);
    expect(row?.usage).toEqual({ inputTokens: 4000, outputTokens: 900, costUsd: runUsd });

    await run(user, id);
    const totals = await workflowUsage(user, id);
    const expected = { runs: 2, inputTokens: 8000, outputTokens: 1800, costUsd: 2 * runUsd };
    expect(totals.allTime).toEqual(expected);
    expect(totals.last30Days).toEqual(expected);
  });

  it('leaves a local model’s cost unknown (tokens still counted) until the node sets its prices', async () => {
    const user = await signUp(weft());
    const unpricedId = await createWorkflow(weft(), user, localChat());
    const unpriced = await run(user, unpricedId);
    expect(stepsOf(unpriced, 'chat')[0]?.costUsd).toBeUndefined();
    expect(unpriced.usage).toMatchObject({ inputTokens: 1000, outputTokens: 200, costIncomplete: true });
    expect(unpriced.usage?.costUsd).toBeUndefined();
    expect((await workflowUsage(user, unpricedId)).allTime).toEqual({ runs: 1, inputTokens: 1000, outputTokens: 200, costIncomplete: true });

    const pricedId = await createWorkflow(weft(), user, localChat({ inputPricePerMillion: 0.1, outputPricePerMillion: 0.5 }));
    const priced = await run(user, pricedId);
    expect(stepsOf(priced, 'chat')[0]?.costUsd).toBe(0.0002);
    expect(priced.usage).toMatchObject({ inputTokens: 1000, outputTokens: 200, costUsd: 0.0002 });
    expect(priced.usage?.costIncomplete).toBeUndefined();
    expect((await workflowUsage(user, pricedId)).allTime).toEqual({ runs: 1, inputTokens: 1000, outputTokens: 200, costUsd: 0.0002 });
  });

  it('answers 404 for another user’s workflow and for one that does not exist', async () => {
    const owner = await signUp(weft());
    const id = await createWorkflow(weft(), owner, localChat());
    const stranger = await signUp(weft());
    for (const [user, workflowId] of [
      [stranger, id],
      [owner, 'no-such-workflow'],
    ] as const) {
      const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${workflowId}/usage`, headers: user.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Workflow not found');
    }
  });

  it('answers an API key for the workflows it is limited to, and 404 for the rest', async () => {
    const owner = await signUp(weft());
    const mine = await createWorkflow(weft(), owner, localChat());
    const other = await createWorkflow(weft(), owner, localChat());
    const created = await weft().app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'costs', workflowIds: [mine] } });
    expect(created.statusCode, created.body).toBe(201);
    const headers = { authorization: `Bearer ${created.json().token as string}` };
    const allowed = await weft().app.inject({ method: 'GET', url: `/api/workflows/${mine}/usage`, headers });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().usage.allTime).toEqual({ runs: 0, inputTokens: 0, outputTokens: 0 });
    expect((await weft().app.inject({ method: 'GET', url: `/api/workflows/${other}/usage`, headers })).statusCode).toBe(404);
  });
});
