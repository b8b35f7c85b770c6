import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Weft } from '../main.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { TEST_REDIS_URL, useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SignedIn, signUp } from '../test-support/test-weft.js';

/**
 * Issue 24, plan step 2: a caller that waits hears the end on its API process's reply
 * channel (subscribed once at the start, named in the job), not on a channel subscribed
 * and left per run; a small answer travels in that notice, so no GETDEL is needed.
 */
describe('scale-out: the stored notice on the waiting process’s reply channel', () => {
  const held = gates();
  const getCluster = useScaleOutCluster(withNodeTypes(gateNodeType(held)));
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(() => redis.quit());

  const echo = (api: Weft, user: SignedIn, text: string) =>
    createWorkflow(api, user, workflow('Echo', [node('in', 'input.text', { text }), node('out', 'output')], [edge('in', 'out')]));
  const runAndWait = async (api: Weft, user: SignedIn, workflowId: string) => {
    const response = await api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { execution: { id: string; status: string; outputs: Record<string, unknown> } }).execution;
  };

  it('answers a small output from the notice (the kept copy is left to expire) and a large one from the answer key (taken)', async () => {
    const { api, prefix } = getCluster();
    const user = await signUp(api);

    const small = await runAndWait(api, user, await echo(api, user, 'short answer'));
    expect(small).toMatchObject({ status: 'success', outputs: { out: 'short answer' } });
    // Nobody took the copy kept for a waiter that missed the notice: the notice carried it.
    const ttl = await redis.pttl(`${prefix}:answer:${small.id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);

    const text = 'x'.repeat(20_000);
    const large = await runAndWait(api, user, await echo(api, user, text));
    expect(large).toMatchObject({ status: 'success', outputs: { out: text } });
    expect(await redis.exists(`${prefix}:answer:${large.id}`)).toBe(0);
  });

  it('hears a cancel asked on another API process: the worker ends the run and tells the reply channel', async () => {
    const { api, startApi } = getCluster();
    const other = await startApi();
    const user = await signUp(api);
    const workflowId = await insertWorkflow(
      api,
      user.userId,
      workflow('Held', [node('g', GATE_NODE_TYPE, { gate: 'held' }), node('out', 'output')], [edge('g', 'out')]),
    );
    const started = await api.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual', answerWanted: true });
    if (!started.ok) throw new Error(started.message);
    const waiting = api.services.runs.waitFor(started.execution.id, 20_000);
    await held.named('held').entered;
    await other.services.runs.cancel(user.userId, started.execution.id);
    expect(await waiting).toMatchObject({ status: 'cancelled' });
  });

  it('still hears an end another process stored itself (a queued run cancelled there), which tells no reply channel', async () => {
    const { api, worker, startApi } = getCluster();
    const other = await startApi();
    const user = await signUp(api);
    // No worker: the run stays queued until the other process cancels it.
    worker.abandon();
    const workflowId = await echo(api, user, 'never runs');
    const started = await api.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual', answerWanted: true });
    if (!started.ok) throw new Error(started.message);
    const waiting = api.services.runs.waitFor(started.execution.id, 20_000);
    await other.services.runs.cancel(user.userId, started.execution.id);
    expect(await waiting).toMatchObject({ status: 'cancelled' });
  });
});
