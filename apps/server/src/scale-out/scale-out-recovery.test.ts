import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createWeft, createWeftWorker, type Weft } from '../main.js';
import type { ExecutionDetail, ExecutionSummary } from '../runs/execution-types.js';
import { storedEventsOf } from '../runs/run-data-storage.js';
import { createWeftPlace, placeConfig, removeWeftPlace } from '../test-support/restartable-weft.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { startRun, storedExecutionRow } from '../test-support/run-records.js';
import { TEST_REDIS_URL, useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { EventStreamClient } from '../test-support/sse-client.js';
import { type SignedIn, signUp } from '../test-support/test-weft.js';

const HEARTBEAT_MS = 100;
const silent = pino({ level: 'silent' });

describe('Scale-out: runs whose worker went away', () => {
  const held = gates();
  const getCluster = useScaleOutCluster({
    ...withNodeTypes(gateNodeType(held)),
    // Stale after 3 heartbeats: 300 ms here instead of 90 s. Metrics on: the lease expiry
    // below is counted only then.
    env: { WEFT_RUN_HEARTBEAT_MS: String(HEARTBEAT_MS), WEFT_RUN_CONCURRENCY: '1', WEFT_METRICS_TOKEN: 'scrape-token-for-tests' },
  });

  async function gated(weft: Weft, user: SignedIn, gate: string): Promise<ExecutionSummary> {
    const workflowId = await insertWorkflow(
      weft,
      user.userId,
      workflow(
        gate,
        [node('in', 'input.text', { text: 'go' }), node('g1', GATE_NODE_TYPE, { gate }), node('out', 'output')],
        [edge('in', 'g1'), edge('g1', 'out')],
      ),
    );
    return startRun(weft, user, workflowId);
  }

  it('leaves a live worker’s run alone at another process’s start, and fails a dead worker’s run by its stale heartbeat', async () => {
    const cluster = getCluster();
    const { api, worker: doomed } = cluster;
    const user = await signUp(api);
    const run = await gated(api, user, 'crash');
    await held.named('crash').entered;

    // Another worker starts (start-up recovery) and time passes beyond the stale limit:
    // the first worker's heartbeats keep its run going.
    const survivor = await cluster.startWorker();
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 6));
    expect(await storedExecutionRow(api, run.id)).toMatchObject({ status: 'running', runner_id: doomed.runnerId });

    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const watcher = await EventStreamClient.open(`http://127.0.0.1:${address.port}/api/executions/${run.id}/events`, user.headers);
    await watcher.next((event) => event.type === 'node:log' && event.message === 'waiting at the gate');

    // Killed mid-run: no heartbeat, no end stored, no more events.
    await doomed.abandon();
    const ended = await api.services.runs.waitFor(run.id, 5_000);
    expect(ended.status).toBe('error');
    expect(ended.error).toMatch(/^The worker running this execution stopped responding \(last heartbeat \d{4}-\d\d-\d\dT[\d:.]+Z\)\.$/);
    // Operators see it: the process that ended it counted a lease expiry (GET /metrics).
    const expiries = async (metrics: typeof api.services.metrics) =>
      ((await metrics.registry?.getSingleMetric('weft_run_lease_expiries_total')?.get())?.values ?? []).reduce((sum, each) => sum + each.value, 0);
    await expect.poll(async () => (await expiries(api.services.metrics)) + (await expiries(survivor.services.metrics))).toBe(1);
    // What the worker had done before it died stays in the history.
    expect(ended.nodes.in).toMatchObject({ status: 'success' });
    expect(ended.nodes.g1).toMatchObject({ status: 'error', error: ended.error, logs: [expect.objectContaining({ message: 'waiting at the gate' })] });

    // The watcher is told, in sequence after the worker's last event.
    await watcher.ended;
    const stored = storedEventsOf(await storedExecutionRow(api, run.id), run.id);
    expect(stored.at(-1)).toMatchObject({ type: 'run:finished', status: 'error', error: ended.error });
    expect(watcher.events.map((each) => each.id)).toEqual(stored.map((_, index) => index + 1));
    expect(watcher.events.map((each) => each.event)).toEqual(stored);

    // The surviving worker takes new runs.
    const quick = await createWorkflow(api, user, workflow('After', [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]));
    const after = await api.app.inject({ method: 'POST', url: `/api/workflows/${quick}/run?wait=true`, headers: user.headers, payload: {} });
    const done = (after.json() as { execution: ExecutionDetail }).execution;
    expect(done).toMatchObject({ status: 'success', outputs: { out: 'x' } });
    expect((await storedExecutionRow(api, done.id)).runner_id).toBe(survivor.runnerId);
    // The dead worker's run, let go, changes nothing.
    held.named('crash').open();
    expect(await storedExecutionRow(api, run.id)).toMatchObject({ status: 'error', error: ended.error });
  });

  it('queues again a queued execution whose job left the queue, fails one it cannot rebuild, and leaves one that merely waits (issue 21)', async () => {
    const { api } = getCluster();
    const user = await signUp(api);
    const blocking = await gated(api, user, 'block');
    await held.named('block').entered;
    const lost = await gated(api, user, 'lost');
    const unrebuildable = await gated(api, user, 'never');
    const waiting = await gated(api, user, 'wait');
    // As the row of a run whose stored inputs are masked or cut copies says.
    await api.services.db.updateTable('executions').set({ rebuild_inputs: null }).where('id', '=', unrebuildable.id).execute();
    const queue = api.services.scaleOut?.queue;
    expect(await queue?.remove(lost.id)).toBe(true);
    expect(await queue?.remove(unrebuildable.id)).toBe(true);

    const failed = await api.services.runs.waitFor(unrebuildable.id, 5_000);
    expect(failed).toMatchObject({ status: 'error', error: expect.stringContaining('No worker took this execution') });
    // The other one's job is back, rebuilt from the database, and waits its turn.
    await expect.poll(async () => (await storedExecutionRow(api, lost.id)).requeues).toBe(1);
    expect(await queue?.isPending(lost.id)).toBe(true);
    expect(await storedExecutionRow(api, lost.id)).toMatchObject({ status: 'queued' });
    expect(await storedExecutionRow(api, waiting.id)).toMatchObject({ status: 'queued', requeues: 0 });

    for (const gate of ['block', 'lost', 'wait']) held.named(gate).open();
    for (const run of [blocking, lost, waiting]) expect((await api.services.runs.waitFor(run.id, 5_000)).status).toBe('success');
    // Handed over once: no sweep queued it a second time.
    expect((await storedExecutionRow(api, lost.id)).requeues).toBe(1);
  });

  it('queues again a run its accepting server stored but never queued, and names both causes for one it cannot rebuild (issue 9, fault 7; issue 21)', async () => {
    const { api } = getCluster();
    const user = await signUp(api);
    const workflowId = await insertWorkflow(
      api,
      user.userId,
      workflow('unqueued', [node('in', 'input.text', { text: 'go' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const response = await api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run`, headers: user.headers, payload: {} });
    const done = await api.services.runs.waitFor((response.json() as { execution: ExecutionSummary }).execution.id, 5_000);
    expect(done.status).toBe('success');
    // What a server killed right after its insert leaves: the row as the run service stores
    // it before queueing, and no job in Redis.
    const stored = await storedExecutionRow(api, done.id);
    expect(stored.rebuild_inputs).toBe('stored');
    const leftBehind = async (rebuildInputs: string | null) => {
      const id = crypto.randomUUID();
      await api.services.db
        .insertInto('executions')
        .values({
          ...stored,
          id,
          status: 'queued',
          started_at: null,
          finished_at: null,
          duration_ms: null,
          outputs: null,
          events: null,
          nodes: '{}',
          runner_id: null,
          rebuild_inputs: rebuildInputs,
        })
        .execute();
      return id;
    };
    const [rebuilt, orphan] = await Promise.all([leftBehind('stored'), leftBehind(null)]);

    expect(await api.services.runs.waitFor(rebuilt, 5_000)).toMatchObject({ status: 'success', outputs: { out: 'go' } });
    expect(await storedExecutionRow(api, rebuilt)).toMatchObject({ requeues: 1 });
    const ended = await api.services.runs.waitFor(orphan, 5_000);
    expect(ended.status).toBe('error');
    expect(ended.error).toContain('may have stopped before queueing it, or Redis lost its data');
  });
});

describe('Scale-out: settings that cannot work stop the start', () => {
  it('refuses REDIS_URL with SQLite, a worker without REDIS_URL, and a Redis it cannot reach (without its password in the message)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-scale-out-'));
    try {
      const sqlite = loadConfig({ DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: 'silent' }, dataDir);
      await expect(createWeft({ config: sqlite, logger: silent })).rejects.toThrow(/REDIS_URL is set.*but DATABASE_URL is not: scale-out needs PostgreSQL/);
      await expect(createWeftWorker({ config: sqlite, logger: silent })).rejects.toThrow(/scale-out needs PostgreSQL/);
      // Nothing was opened: no SQLite file appeared.
      expect(fs.existsSync(path.join(dataDir, 'weft.db'))).toBe(false);

      const embedded = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, dataDir);
      await expect(createWeftWorker({ config: embedded, logger: silent })).rejects.toThrow(
        /`weft worker` runs workflows queued by Weft API processes in scale-out mode: set REDIS_URL/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    const place = await createWeftPlace('postgres');
    try {
      const unreachable = placeConfig(place, { REDIS_URL: 'redis://:hunter2@127.0.0.1:1', WEFT_REDIS_PREFIX: 'wt-unreachable' });
      const start = createWeft({ config: unreachable, logger: silent, ...(place.schema ? { pgSchema: place.schema } : {}) });
      await expect(start).rejects.toThrow(/^Could not connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1.*ECONNREFUSED.*Start Redis or correct REDIS_URL/);
      await expect(start).rejects.not.toThrow(/hunter2/);
    } finally {
      removeWeftPlace(place);
    }
  });
});

describe('Scale-out: leases', () => {
  const held = gates();
  const getSkewedCluster = useScaleOutCluster({
    ...withNodeTypes(gateNodeType(held)),
    env: { WEFT_RUN_HEARTBEAT_MS: String(HEARTBEAT_MS), WEFT_RUN_CONCURRENCY: '1' },
  });

  it('judges leases by the database clock: a worker whose clock is 10 s behind keeps its run (issue 9, fault 2)', async () => {
    const cluster = getSkewedCluster();
    const { api } = cluster;
    // Only the skewed worker takes runs.
    await cluster.worker.close();
    const skewed = await cluster.startWorker({ clock: { now: () => new Date(Date.now() - 10_000) } });
    const user = await signUp(api);
    const workflowId = await insertWorkflow(
      api,
      user.userId,
      workflow('skewed', [node('g1', GATE_NODE_TYPE, { gate: 'skewed' }), node('out', 'output')], [edge('g1', 'out')]),
    );
    const run = await startRun(api, user, workflowId);
    await held.named('skewed').entered;
    // Well past the stale limit (3 heartbeats): by its own clock the worker's heartbeats
    // would read 10 s old to the API process and its run would be failed as lost.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 8));
    expect(await storedExecutionRow(api, run.id)).toMatchObject({ status: 'running', runner_id: skewed.runnerId });
    held.named('skewed').open();
    expect((await api.services.runs.waitFor(run.id, 5_000)).status).toBe('success');
  });
});
