import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionSummary } from '../runs/execution-types.js';
import type { RunJob } from '../runs/run-job.js';
import { addSecret, createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { storedExecutionRow } from '../test-support/run-records.js';
import { TEST_REDIS_URL, useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SignedIn, signUp } from '../test-support/test-weft.js';

const SECRET = 'sk-live-requeue-0123456789abcdef';

/**
 * Issue 21: a queued run whose job left Redis is queued again with its job rebuilt from the
 * database. What the rebuild makes is compared with the job the API first added, read
 * from BullMQ; runs whose real inputs the database does not hold are failed instead. No
 * worker runs until the end, so every job can be looked at where it waits.
 */
describe('Scale-out: a job rebuilt from the database is the job first queued (issue 21)', () => {
  const getCluster = useScaleOutCluster({
    env: { WEFT_RUN_HEARTBEAT_MS: '100', WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1' },
  });
  let connection: Redis;
  let queue: Queue<RunJob>;
  let user: SignedIn;
  let workflowId: string;

  beforeAll(async () => {
    const { api, worker, prefix } = getCluster();
    await worker.close();
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue<RunJob>('runs', { connection, prefix });
    user = await signUp(api);
    await addSecret(api, user, 'API_KEY', SECRET);
    workflowId = await createWorkflow(
      api,
      user,
      workflow(
        'Rebuilt',
        [node('in', 'input.text', { text: 'as saved', askOnRun: true }), node('mid', 'output'), node('out', 'output')],
        [edge('in', 'mid'), edge('in', 'out')],
      ),
    );
  });
  afterAll(async () => {
    await queue?.close();
    await connection?.quit();
  });

  const run = async (payload: Record<string, unknown>, id = workflowId): Promise<ExecutionSummary> => {
    const response = await getCluster().api.app.inject({ method: 'POST', url: `/api/workflows/${id}/run`, headers: user.headers, payload });
    expect(response.statusCode, response.body).toBe(202);
    return (response.json() as { execution: ExecutionSummary }).execution;
  };

  /** Takes the execution's job out of Redis, as a restart without persistence does; answers what it held. */
  async function lose(executionId: string): Promise<RunJob> {
    const job = await queue.getJob(executionId);
    if (!job) throw new Error(`no job for ${executionId}`);
    expect(await job.getState()).toBe('prioritized');
    const { data } = job;
    await job.remove();
    return data;
  }

  async function requeued(executionId: string): Promise<RunJob> {
    const { api } = getCluster();
    await expect.poll(async () => (await storedExecutionRow(api, executionId)).requeues, { timeout: 10_000 }).toBe(1);
    // The sweep stamps the row before it adds the job (orphan-sweep.ts), so the job may come a moment later.
    await expect.poll(async () => (await queue.getJob(executionId)) !== undefined, { timeout: 10_000 }).toBe(true);
    const job = await queue.getJob(executionId);
    if (!job) throw new Error(`no job again for ${executionId}`);
    return job.data;
  }

  /** The job rebuilt equals the job first added (the document compared as what it says, not its JSON spelling). */
  async function expectRebuiltAsFirst(executionId: string): Promise<RunJob> {
    const first = await lose(executionId);
    const again = await requeued(executionId);
    expect({ ...again, document: JSON.parse(again.document) }).toEqual({ ...first, document: JSON.parse(first.document) });
    return again;
  }

  const rebuilt: { id: string; outputs: Record<string, unknown> }[] = [];

  it('rebuilds the document, the exact inputs and a manual run’s pins', async () => {
    const { api } = getCluster();
    const document = workflow('Pinned', [node('in', 'input.text', { text: 'as saved' }), node('out', 'output')], [edge('in', 'out')]);
    const pinned = await createWorkflow(api, user, { ...document, pinData: { in: { output: 'PINNED' } } });
    const plain = await run({ inputs: { in: 'plain words' } });
    const withPins = await run({}, pinned);
    for (const execution of [plain, withPins]) expect((await storedExecutionRow(api, execution.id)).rebuild_inputs).toBe('stored');
    expect((await expectRebuiltAsFirst(plain.id)).inputs).toEqual({ in: 'plain words' });
    expect((await expectRebuiltAsFirst(withPins.id)).seeded).toEqual({ in: { outputs: { output: 'PINNED' }, source: 'pinned' } });
    rebuilt.push({ id: plain.id, outputs: { mid: 'plain words', out: 'plain words' } }, { id: withPins.id, outputs: { out: 'PINNED' } });
  });

  it('rebuilds a scheduled run from its schedule’s inputs when the stored ones are masked', async () => {
    const { api } = getCluster();
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/schedules',
      headers: user.headers,
      payload: { workflowId, cron: '* * * * * *', overlapPolicy: 'allow', inputs: { in: `key ${SECRET}` } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id as string;
    const firstRun = async () =>
      (await api.services.db
        .selectFrom('executions')
        .select(['id', 'inputs', 'rebuild_inputs'])
        .where('schedule_id', '=', scheduleId)
        .orderBy('scheduled_for')
        .executeTakeFirst()) ?? null;
    await expect.poll(firstRun, { timeout: 10_000 }).not.toBeNull();
    const paused = await api.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/pause`, headers: user.headers });
    expect(paused.statusCode).toBe(200);
    const row = await firstRun();
    if (!row) throw new Error('no scheduled run');
    // The row keeps the masked copy; the schedule keeps the real input, as every tick runs it.
    expect(row.inputs).not.toContain(SECRET);
    expect(row.rebuild_inputs).toBe('schedule');
    expect((await expectRebuiltAsFirst(row.id)).inputs).toEqual({ in: `key ${SECRET}` });
    rebuilt.push({ id: row.id, outputs: { mid: `key ${SECRET}`, out: `key ${SECRET}` } });
  });

  it('fails, saying why, a run whose real inputs the database does not hold or that reused earlier outputs', async () => {
    const { api } = getCluster();
    const masked = await run({ inputs: { in: `key ${SECRET}` } });
    const scoped = await run({ target: { nodeId: 'mid', mode: 'up-to' } });
    for (const execution of [masked, scoped]) {
      expect((await storedExecutionRow(api, execution.id)).rebuild_inputs).toBeNull();
      await lose(execution.id);
      expect(await api.services.runs.waitFor(execution.id, 10_000)).toMatchObject({
        status: 'error',
        error: expect.stringContaining('No worker took this execution: its job is not in the Redis queue.'),
      });
      expect((await storedExecutionRow(api, execution.id)).requeues).toBe(0);
    }
  });

  it('runs the rebuilt jobs once a worker comes, each once', async () => {
    const { api, startWorker } = getCluster();
    await startWorker();
    for (const { id, outputs } of rebuilt) {
      const done = await api.services.runs.waitFor(id, 15_000);
      expect(done, id).toMatchObject({ status: 'success' });
      // Secrets are masked in what is stored, as for any run.
      expect(done.outputs).toEqual(JSON.parse(JSON.stringify(outputs).replaceAll(SECRET, '••••')));
    }
  });
});
