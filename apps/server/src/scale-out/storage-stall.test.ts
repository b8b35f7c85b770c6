import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionSummary } from '../runs/execution-types.js';
import { type PrivatePostgres, privatePostgresUnavailable, startPrivatePostgres } from '../test-support/private-postgres.js';
import { type PrivateRedis, startPrivateRedis } from '../test-support/private-redis.js';
import { gatedWorkflow, gateNodeType, gates, insertWorkflow, withNodeTypes } from '../test-support/run-fixtures.js';
import { startRun } from '../test-support/run-records.js';
import { type ScaleOutCluster, startScaleOutCluster } from '../test-support/scale-out-weft.js';
import { signUp } from '../test-support/test-weft.js';

const HEARTBEAT_MS = 100;
/** Ten heartbeats: over three times the limit after which a run counts as lost. */
const STALL_MS = HEARTBEAT_MS * 10;
const unavailable = privatePostgresUnavailable();
if (unavailable && process.env.CI) throw new Error(`The storage stall tests cannot run: ${unavailable}`);

/**
 * Issue 9, fault 2: a database or Redis that stops answering for longer than three
 * heartbeats used to fail healthy runs and throw their results away. PostgreSQL and Redis
 * of the test's own are frozen (SIGSTOP) under a scale-out cluster with a run in flight;
 * the shared servers are never touched.
 */
describe.skipIf(unavailable !== undefined)('storage stalls longer than three heartbeats (issue 9, fault 2)', () => {
  const held = gates();
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let cluster: ScaleOutCluster;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    redis = await startPrivateRedis();
    cluster = await startScaleOutCluster({
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      ...withNodeTypes(gateNodeType(held)),
      env: { WEFT_RUN_HEARTBEAT_MS: String(HEARTBEAT_MS), WEFT_RUN_CONCURRENCY: '1' },
    });
  });
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
    postgres?.destroy();
  });

  async function gatedRun(gate: string): Promise<ExecutionSummary> {
    const { api } = cluster;
    const user = await signUp(api);
    const workflowId = await insertWorkflow(api, user.userId, gatedWorkflow(gate));
    const execution = await startRun(api, user, workflowId);
    await held.named(gate).entered;
    return execution;
  }

  const heartbeatOf = async (id: string) =>
    (await cluster.api.services.db.selectFrom('executions').select(['status', 'heartbeat_at']).where('id', '=', id).executeTakeFirstOrThrow()) as {
      status: string;
      heartbeat_at: string | null;
    };

  /** Resolves once the run's heartbeat has moved on `beats` times (each process's sweep ran meanwhile). */
  async function heartbeatsPass(id: string, beats: number): Promise<void> {
    let last = (await heartbeatOf(id)).heartbeat_at;
    for (let seen = 0; seen < beats; ) {
      await expect.poll(async () => (await heartbeatOf(id)).heartbeat_at, { timeout: 10_000, interval: HEARTBEAT_MS / 2 }).not.toBe(last);
      last = (await heartbeatOf(id)).heartbeat_at;
      seen += 1;
    }
  }

  /** The run outlived the stall as running; let through, it finishes and its output is stored. */
  async function stillRunningThenStored(run: ExecutionSummary, gate: string): Promise<void> {
    expect((await heartbeatOf(run.id)).status).toBe('running');
    held.named(gate).open();
    const finished = await cluster.api.services.runs.waitFor(run.id, 10_000);
    expect(finished).toMatchObject({ status: 'success', outputs: { out: gate } });
  }

  it('a frozen PostgreSQL does not fail a run whose worker is alive, and its result is stored', async () => {
    const run = await gatedRun('pg-stall');
    postgres.pause();
    await new Promise((resolve) => setTimeout(resolve, STALL_MS));
    postgres.resume();
    // Every process's heartbeat and sweep have run again since, with the stale look of the stall.
    await heartbeatsPass(run.id, 3);
    await stillRunningThenStored(run, 'pg-stall');
  });

  it('a frozen Redis holds neither the heartbeat nor the run back', async () => {
    const run = await gatedRun('redis-stall');
    redis.pause();
    try {
      // Heartbeats go on while the sweep waits for Redis.
      await heartbeatsPass(run.id, 3);
    } finally {
      redis.resume();
    }
    await heartbeatsPass(run.id, 2);
    await stillRunningThenStored(run, 'redis-stall');
  });
});
