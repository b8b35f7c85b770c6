import type { NodeStep, ToolApproval } from '@weft/core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { RunJob } from '../runs/run-job.js';
import { approvalWorkflow, refundScript, shopCalls } from '../test-support/approval-fixtures.js';
import { useModelAndShop } from '../test-support/model-and-shop.js';
import { createWorkflow, runAndWait, streamedEvents } from '../test-support/run-fixtures.js';
import { TEST_REDIS_URL, useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SignedIn, signUp } from '../test-support/test-weft.js';

/**
 * Tool approval in scale-out mode (issue 23): the worker stores the run `waiting` with its
 * held call; a decision on the API process queues it again as a resume job, and a worker
 * plans it from the row and its approvals (`planResume`) and runs it on. Real peers: an
 * OpenAI-compatible model and an HTTP shop whose requests are counted (the lookup before
 * the agent must not run again).
 */
describe('Scale-out: an Agent tool that needs approval waits and goes on on a worker', () => {
  const cluster = useScaleOutCluster({ env: { WEFT_RUN_HEARTBEAT_MS: '1000' } });
  const { model, shop } = useModelAndShop();

  async function runUntilWaiting(user: SignedIn) {
    const { api } = cluster();
    model().set({ turn: refundScript as never });
    const workflowId = await createWorkflow(api, user, approvalWorkflow(shop().url, model().url));
    const before = { lookup: shopCalls(shop(), 'lookup'), refund: shopCalls(shop(), 'refund') };
    const waiting = await runAndWait(api, user, workflowId);
    expect(waiting.status, waiting.error ?? '').toBe('waiting');
    const listed = await api.app.inject({ method: 'GET', url: '/api/approvals', headers: user.headers });
    const approvals = listed.json().approvals as ToolApproval[];
    expect(approvals).toHaveLength(1);
    return { execution: waiting, approval: approvals[0] as ToolApproval, before };
  }

  const decide = (user: SignedIn, id: string, verdict: 'approve' | 'reject', reason?: string) =>
    cluster()
      .api.app.inject({ method: 'POST', url: `/api/approvals/${id}/${verdict}`, headers: user.headers, payload: reason === undefined ? {} : { reason } })
      .then((res) => ({ status: res.statusCode, body: res.json() }));

  it('approved: the worker makes the call, the answer uses its result, and the lookup is not run again', async () => {
    const { api } = cluster();
    const user = await signUp(api);
    const { execution, approval, before } = await runUntilWaiting(user);
    expect(approval).toMatchObject({ executionId: execution.id, nodeId: 'agent', toolName: 'refund_order', status: 'pending' });
    expect(shopCalls(shop(), 'refund')).toBe(before.refund);

    const approved = await decide(user, approval.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'approved', decidedBy: user.email });
    const ended = await api.services.runs.waitFor(execution.id);
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(String(ended.outputs.answer)).toContain('"step":"refund"');
    expect(shopCalls(shop(), 'refund')).toBe(before.refund + 1);
    expect(shopCalls(shop(), 'lookup')).toBe(before.lookup + 1);
    // The run keeps its first start: its duration is the whole run's, the wait included.
    expect(ended.startedAt).toBe((execution as { startedAt?: string }).startedAt);
    const steps = (ended.nodes.agent as { steps?: NodeStep[] } | undefined)?.steps ?? [];
    expect(steps.map((s) => [s.index, s.kind, s.status])).toEqual([
      [1, 'model', 'success'],
      [2, 'tool', 'waiting'],
      [3, 'tool', 'success'],
      [4, 'model', 'success'],
    ]);
    // One execution, one stream: the steps before and after the wait, and the resume between.
    const events = await streamedEvents(api, user, execution.id);
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'run:started')).toHaveLength(1);
    expect(types.indexOf('node:waiting')).toBeLessThan(types.indexOf('run:resumed'));
    expect(types.at(-1)).toBe('run:finished');
    expect(events.filter((event) => event.type === 'node:finished' && event.nodeId === 'lookup')).toHaveLength(1);
  });

  it('rejected: the reason goes to the model as the tool’s result and the tool is never called', async () => {
    const { api } = cluster();
    const user = await signUp(api);
    const { execution, approval, before } = await runUntilWaiting(user);
    const rejected = await decide(user, approval.id, 'reject', 'Order 42 was already refunded by phone');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const ended = await api.services.runs.waitFor(execution.id);
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(String(ended.outputs.answer)).toMatch(/rejected this tool call, so it was not made\. Their reason: Order 42 was already refunded by phone/);
    expect(shopCalls(shop(), 'refund')).toBe(before.refund);
    expect(shopCalls(shop(), 'lookup')).toBe(before.lookup + 1);
    expect((await decide(user, approval.id, 'approve')).status).toBe(409);
  });

  it('a resume whose job Redis lost is queued again from the database as a resume, and runs on a worker started later', async () => {
    const { api, worker, prefix } = cluster();
    const user = await signUp(api);
    const { execution, approval, before } = await runUntilWaiting(user);
    await worker.close();
    expect((await decide(user, approval.id, 'approve')).status).toBe(200);
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue<RunJob>('runs', { connection, prefix });
    try {
      const first = await queue.getJob(execution.id);
      expect(first?.data).toMatchObject({ executionId: execution.id, resume: true });
      await first?.remove();
      // The sweep finds the queued row without a job and rebuilds it (as a resume: its calls are held).
      const requeues = () => api.services.db.selectFrom('executions').select('requeues').where('id', '=', execution.id).executeTakeFirstOrThrow();
      await expect.poll(async () => (await requeues()).requeues, { timeout: 15_000 }).toBe(1);
      await expect.poll(async () => (await queue.getJob(execution.id))?.data.resume, { timeout: 10_000 }).toBe(true);
    } finally {
      await queue.close();
      await connection.quit();
    }
    await cluster().startWorker();
    const ended = await api.services.runs.waitFor(execution.id);
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(shopCalls(shop(), 'refund')).toBe(before.refund + 1);
    expect(shopCalls(shop(), 'lookup')).toBe(before.lookup + 1);
  });
});
