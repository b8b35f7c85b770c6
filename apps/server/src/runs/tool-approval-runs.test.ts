import type { NodeStep, ToolApproval } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { approvalWorkflow, refundScript, shopCalls } from '../test-support/approval-fixtures.js';
import { useModelAndShop } from '../test-support/model-and-shop.js';
import { addSecret, createWorkflow, runAndWait, streamedEvents } from '../test-support/run-fixtures.js';
import { type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Tool approval (issue 23): an Agent's call of a tool with Require approval on is not made;
 * the run ends `waiting` with the call stored, and goes on when the owner approves or
 * rejects it through the API. Real peers: an OpenAI-compatible model and an HTTP shop whose
 * requests are counted (the lookup before the agent must not run again on resume).
 * Across a restart of the server process: tool-approval-restart.test.ts.
 */

describe.each(['sqlite', 'postgres'] as const)('Agent tools that need approval (%s)', (database) => {
  const weft = useTestWeft(database);
  const { model, shop } = useModelAndShop();

  /** Runs the workflow until it waits; answers the execution and its one pending approval. */
  async function runUntilWaiting(user: SignedIn) {
    model().set({ turn: refundScript as never });
    const workflowId = await createWorkflow(weft(), user, approvalWorkflow(shop().url, model().url));
    const before = { lookup: shopCalls(shop(), 'lookup'), refund: shopCalls(shop(), 'refund') };
    const waiting = await runAndWait(weft(), user, workflowId);
    expect(waiting.status, waiting.error ?? '').toBe('waiting');
    const listed = await weft().app.inject({ method: 'GET', url: '/api/approvals', headers: user.headers });
    expect(listed.statusCode).toBe(200);
    const approvals = listed.json().approvals as ToolApproval[];
    expect(approvals).toHaveLength(1);
    return { workflowId, execution: waiting, approval: approvals[0] as ToolApproval, before };
  }

  const decide = (user: SignedIn, id: string, verdict: 'approve' | 'reject', reason?: string) =>
    weft()
      .app.inject({ method: 'POST', url: `/api/approvals/${id}/${verdict}`, headers: user.headers, payload: reason === undefined ? {} : { reason } })
      .then((res) => ({ status: res.statusCode, body: res.json() }));

  const detail = async (user: SignedIn, id: string) => {
    const res = await weft().app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers });
    return res.json().execution as {
      status: string;
      nodes: Record<string, { status: string; steps?: NodeStep[] }>;
      approvals?: ToolApproval[];
      outputs: Record<string, unknown>;
    };
  };

  it('holds the call until it is approved; then the tool runs, the answer uses its result, and the lookup is not run again', async () => {
    const user = await signUp(weft());
    const { execution, approval, before } = await runUntilWaiting(user);
    expect(approval).toMatchObject({
      executionId: execution.id,
      nodeId: 'agent',
      toolNodeId: 'refund',
      toolName: 'refund_order',
      arguments: { orderId: '42' },
      status: 'pending',
    });
    expect(approval.workflowName).toBe('Refunds with approval');
    // Nothing refunded yet; the waiting step and the log say what waits and for whom.
    expect(shopCalls(shop(), 'refund')).toBe(before.refund);
    const waiting = await detail(user, execution.id);
    expect(waiting.status).toBe('waiting');
    expect(waiting.nodes.agent?.status).toBe('waiting');
    expect(waiting.nodes.answer?.status).toBe('idle');
    expect(waiting.approvals?.map((a) => a.id)).toEqual([approval.id]);
    expect(waiting.nodes.agent?.steps?.map((s) => [s.kind, s.status])).toEqual([
      ['model', 'success'],
      ['tool', 'waiting'],
    ]);
    expect(execution.nodes.agent?.logs.map((line) => line.message).join('\n')).toMatch(
      /Waiting for approval: a call of the tool refund_order\. The workflow's owner approves/,
    );

    const approved = await decide(user, approval.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'approved', decidedBy: user.email });
    const ended = await weft().services.runs.waitFor(execution.id);
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(String(ended.outputs.answer)).toContain('"step":"refund"');
    expect(String(ended.outputs.answer)).toContain('"order":"42"');
    expect(shopCalls(shop(), 'refund')).toBe(before.refund + 1);
    expect(shopCalls(shop(), 'lookup')).toBe(before.lookup + 1);
    // One execution, one stream: the steps before and after the wait, and the resume between.
    const stored = await detail(user, execution.id);
    expect(stored.nodes.agent?.steps?.map((s) => [s.index, s.kind, s.status])).toEqual([
      [1, 'model', 'success'],
      [2, 'tool', 'waiting'],
      [3, 'tool', 'success'],
      [4, 'model', 'success'],
    ]);
    expect(stored.nodes.lookup?.status).toBe('success');
    // The tokens of the model calls before the wait are counted with the ones after it.
    const modelSteps = stored.nodes.agent?.steps?.filter((s) => s.kind === 'model') ?? [];
    expect(ended.usage?.inputTokens).toBe(modelSteps.reduce((sum, s) => sum + (s.usage?.inputTokens ?? 0), 0));
    expect(modelSteps[0]?.usage?.inputTokens).toBeGreaterThan(0);
    const events = await streamedEvents(weft(), user, execution.id);
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'run:started')).toHaveLength(1);
    expect(types.indexOf('node:waiting')).toBeLessThan(types.indexOf('run:resumed'));
    expect(types.at(-1)).toBe('run:finished');
    expect(events.filter((event) => event.type === 'node:finished' && event.nodeId === 'lookup')).toHaveLength(1);
    expect(
      await weft()
        .app.inject({ method: 'GET', url: '/api/approvals', headers: user.headers })
        .then((res) => res.json().approvals),
    ).toEqual([]);
  });

  it('sends a rejection with its reason to the model as the tool’s result; the tool is never called', async () => {
    const user = await signUp(weft());
    const { execution, approval, before } = await runUntilWaiting(user);
    const rejected = await decide(user, approval.id, 'reject', 'Order 42 was already refunded by phone');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.approval).toMatchObject({ status: 'rejected', reason: 'Order 42 was already refunded by phone' });
    const ended = await weft().services.runs.waitFor(execution.id);
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(String(ended.outputs.answer)).toMatch(
      /^Outcome: A person \(.+\) rejected this tool call, so it was not made\. Their reason: Order 42 was already refunded by phone/,
    );
    expect(shopCalls(shop(), 'refund')).toBe(before.refund);
    const steps = ended.nodes.agent?.steps ?? [];
    expect(steps[2]).toMatchObject({ kind: 'tool', name: 'refund_order', status: 'error', input: { orderId: '42' } });
  });

  it('stores the waiting call and the Agent’s conversation masked: a secret a node returned is kept as the mask', async () => {
    const user = await signUp(weft());
    const secret = 'sk-live-approval-5521';
    await addSecret(weft(), user, 'SHOP_KEY', secret);
    model().set({
      turn: ((_request: unknown, results: readonly { content: string }[]) =>
        results.length === 0 ? { toolCalls: [{ name: 'refund_order', arguments: { orderId: secret } }] } : { text: 'done' }) as never,
    });
    const document = approvalWorkflow(shop().url, model().url);
    const lookup = document.nodes.find((n) => n.id === 'lookup');
    if (lookup) lookup.data.config = { ...lookup.data.config, url: `${shop().url}/text?step=lookup&body={{secrets.SHOP_KEY}}` };
    const workflowId = await createWorkflow(weft(), user, document);
    const waiting = await runAndWait(weft(), user, workflowId);
    expect(waiting.status, waiting.error ?? '').toBe('waiting');
    const rows = await weft().services.db.selectFrom('tool_approvals').select(['arguments', 'state']).where('execution_id', '=', waiting.id).execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(rows[0]?.arguments).toContain('••••');
    expect(rows[0]?.state).toContain('••••');
    const listed = await weft().app.inject({ method: 'GET', url: '/api/approvals', headers: user.headers });
    expect(listed.body).not.toContain(secret);
  });

  it('takes up at the next start a run whose last call was decided by a process that stopped before it went on', async () => {
    const user = await signUp(weft());
    const { execution, approval } = await runUntilWaiting(user);
    // The decision as a process stores it, then stops before resuming the run.
    await weft()
      .services.db.updateTable('tool_approvals')
      .set({ status: 'approved', decided_by: user.email, decided_at: new Date().toISOString() })
      .where('id', '=', approval.id)
      .execute();
    expect((await detail(user, execution.id)).status).toBe('waiting');
    await weft().services.runs.recoverOrphans();
    const ended = await weft().services.runs.waitFor(execution.id);
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(String(ended.outputs.answer)).toContain('"step":"refund"');
  });

  it('answers another user 404, a second decision 409, and a cancel ends the run and closes its approval', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const { execution, approval } = await runUntilWaiting(owner);
    expect((await decide(other, approval.id, 'approve')).status).toBe(404);
    expect(
      await weft()
        .app.inject({ method: 'GET', url: '/api/approvals', headers: other.headers })
        .then((res) => res.json().approvals),
    ).toEqual([]);
    expect((await decide(owner, 'no-such-approval', 'approve')).status).toBe(404);
    const badReason = await decide(owner, approval.id, 'reject', 'x'.repeat(2001));
    expect(badReason.status).toBe(400);
    expect(badReason.body.message).toMatch(/reason must be at most 2000 characters/);

    const cancelled = await weft().app.inject({ method: 'POST', url: `/api/executions/${execution.id}/cancel`, headers: owner.headers });
    expect(cancelled.json().execution).toMatchObject({ status: 'cancelled', error: 'Run cancelled' });
    const closed = await decide(owner, approval.id, 'approve');
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/its run ended without it/);
    expect((await detail(owner, execution.id)).approvals?.[0]?.status).toBe('cancelled');
    const events = await streamedEvents(weft(), owner, execution.id);
    expect(events.at(-1)).toMatchObject({ type: 'run:finished', status: 'cancelled' });

    // Decided twice: the second answers 409 naming the first. An API key decides as its
    // owner, for the workflows it may call only.
    const second = await runUntilWaiting(owner);
    const keyFor = async (workflowIds: string[] | null) => {
      const res = await weft().app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: owner.headers,
        payload: { name: `key-${workflowIds?.length ?? 'all'}`, workflowIds },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
    };
    const otherWorkflow = await createWorkflow(weft(), owner, approvalWorkflow(shop().url, model().url));
    const narrowKey = await keyFor([otherWorkflow]);
    const narrow = await weft().app.inject({ method: 'POST', url: `/api/approvals/${second.approval.id}/approve`, headers: narrowKey, payload: {} });
    expect(narrow.statusCode).toBe(404);
    expect((await weft().app.inject({ method: 'GET', url: '/api/approvals', headers: narrowKey })).json().approvals).toEqual([]);
    const byKey = await weft().app.inject({
      method: 'POST',
      url: `/api/approvals/${second.approval.id}/approve`,
      headers: await keyFor([second.workflowId]),
      payload: {},
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().approval).toMatchObject({ status: 'approved', decidedBy: `${owner.email} (API key)` });
    const again = await decide(owner, second.approval.id, 'reject');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already approved by/);
    expect((await weft().services.runs.waitFor(second.execution.id)).status).toBe('success');
  });
});
