import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { startRun } from '../test-support/run-records.js';
import { TEST_REDIS_URL, useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { signUp } from '../test-support/test-weft.js';

/**
 * Issue 24: the fair-share priority is a Redis counter per user, not a count query per add.
 * It must follow the runs: in at the add, out when a worker takes the job or a queued
 * cancel takes it off the queue, and gone once nothing of the user's waits
 * (`../runs/fair-share.test.ts` shows the order it gives).
 */
describe('scale-out: the fair-share count follows the waiting runs', () => {
  const held = gates();
  const getCluster = useScaleOutCluster({ ...withNodeTypes(gateNodeType(held)), env: { WEFT_RUN_CONCURRENCY: '1' } });
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(() => redis.quit());

  it('counts runs in at the add and out at the take or a queued cancel, and leaves no key', async () => {
    const { api, prefix } = getCluster();
    const alice = await signUp(api);
    const count = () => redis.get(`${prefix}:queued:${alice.userId}`);
    const gated = (gate: string) =>
      insertWorkflow(api, alice.userId, workflow(gate, [node('g', GATE_NODE_TYPE, { gate }), node('out', 'output')], [edge('g', 'out')]));
    // The worker's one slot is held, so what comes next waits in the queue.
    const holding = await startRun(api, alice, await gated('hold'));
    await held.named('hold').entered;
    await expect.poll(count).toBe(null);
    const waiting = [];
    for (const gate of ['w0', 'w1', 'w2']) {
      held.named(gate).open();
      waiting.push(await startRun(api, alice, await gated(gate)));
    }
    expect(await count()).toBe('3');

    expect(await api.services.runs.cancel(alice.userId, waiting[1]?.id as string)).toMatchObject({ status: 'cancelled' });
    await expect.poll(count).toBe('2');

    held.named('hold').open();
    for (const run of [holding, waiting[0], waiting[2]]) expect((await api.services.runs.waitFor(run?.id as string, 10_000)).status).toBe('success');
    await expect.poll(count).toBe(null);
  });
});
