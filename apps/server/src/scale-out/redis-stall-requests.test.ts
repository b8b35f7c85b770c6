import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionSummary } from '../runs/execution-types.js';
import { type PrivateRedis, startPrivateRedis } from '../test-support/private-redis.js';
import { edge, insertWorkflow, node, workflow } from '../test-support/run-fixtures.js';
import { storedExecutionRow } from '../test-support/run-records.js';
import { type ScaleOutCluster, startScaleOutCluster } from '../test-support/scale-out-weft.js';
import { signUp } from '../test-support/test-weft.js';

/** How long a run request may wait for Redis to take its job (distributed-runs.ts, ENQUEUE_WAIT_MS). */
const ENQUEUE_WAIT_MS = 2_000;

/**
 * Issue 21: a run request while Redis was frozen answered 202 with an error after 10 s. A
 * Redis of the test's own is frozen (SIGSTOP: connections stay open, nothing answers) under
 * an API process and a worker on the shared PostgreSQL.
 */
describe('a run request while Redis is frozen (issue 21)', () => {
  let redis: PrivateRedis;
  let cluster: ScaleOutCluster;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    cluster = await startScaleOutCluster({ redisUrl: redis.url, env: { WEFT_RUN_HEARTBEAT_MS: '200' } });
  });
  afterAll(async () => {
    redis?.resume();
    await cluster?.close();
    await redis?.stop();
  });

  it('is answered at once: 202 queued when the database can rebuild it (it runs once Redis is back), 503 when it cannot', async () => {
    const { api } = cluster;
    const user = await signUp(api);
    const workflowId = await insertWorkflow(
      api,
      user.userId,
      workflow('Through a stall', [node('in', 'input.text', { text: 'as saved', askOnRun: true }), node('out', 'output')], [edge('in', 'out')]),
    );
    const run = async (inputs: Record<string, unknown>) => {
      const started = performance.now();
      const response = await api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run`, headers: user.headers, payload: { inputs } });
      return { response, ms: performance.now() - started };
    };
    // Over 64 KB: stored as a preview, so the row cannot give the real input back.
    const large = 'x'.repeat(70 * 1024);

    redis.pause();
    let first: Awaited<ReturnType<typeof run>>;
    let second: Awaited<ReturnType<typeof run>>;
    let refused: Awaited<ReturnType<typeof run>>;
    try {
      first = await run({ in: 'first' });
      // Redis is known to be stalled now: the next requests do not wait for it at all.
      second = await run({ in: 'second' });
      refused = await run({ in: large });
    } finally {
      redis.resume();
    }

    expect(first.response.statusCode, first.response.body).toBe(202);
    expect(first.ms).toBeLessThan(ENQUEUE_WAIT_MS + 3_000);
    expect(second.response.statusCode, second.response.body).toBe(202);
    expect(second.ms).toBeLessThan(ENQUEUE_WAIT_MS);
    const queued = [first, second].map(({ response }) => (response.json() as { execution: ExecutionSummary }).execution);
    for (const execution of queued) expect(execution).toMatchObject({ status: 'queued', error: null });

    expect(refused.ms).toBeLessThan(ENQUEUE_WAIT_MS);
    expect(refused.response.statusCode).toBe(503);
    expect(refused.response.headers['retry-after']).toBe('5');
    expect(refused.response.json()).toMatchObject({
      code: 'queue_unavailable',
      message: expect.stringMatching(/could not be queued for a worker .*so it was not started\. Try again in a few seconds/),
    });
    // Taken back: nothing of it is in the history.
    const history = await api.app.inject({ method: 'GET', url: `/api/executions?workflowId=${workflowId}`, headers: user.headers });
    expect((history.json() as { executions: ExecutionSummary[] }).executions.map((each) => each.id).sort()).toEqual(queued.map((each) => each.id).sort());

    // Redis is back: the stored runs go to the worker, each once.
    const [firstRun, secondRun] = await Promise.all(queued.map((execution) => api.services.runs.waitFor(execution.id, 15_000)));
    expect(firstRun).toMatchObject({ status: 'success', outputs: { out: 'first' } });
    expect(secondRun).toMatchObject({ status: 'success', outputs: { out: 'second' } });
    // The same large input goes through now that Redis answers.
    const again = await run({ in: large });
    expect(again.response.statusCode, again.response.body).toBe(202);
    const done = await api.services.runs.waitFor((again.response.json() as { execution: ExecutionSummary }).execution.id, 15_000);
    expect(done.status).toBe('success');
    expect((await storedExecutionRow(api, done.id)).rebuild_inputs).toBeNull();
  });
});
