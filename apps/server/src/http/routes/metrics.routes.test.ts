import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ExecutionSummary } from '../../runs/execution-types.js';
import { edge, insertWorkflow, node, workflow } from '../../test-support/run-fixtures.js';
import { startRun } from '../../test-support/run-records.js';
import { TEST_REDIS_URL, useScaleOutCluster } from '../../test-support/scale-out-weft.js';
import { signUp, startTestWeft, useTestWeft } from '../../test-support/test-weft.js';

const TOKEN = 'scrape-token-for-tests';

/** Issue 9, fault 8: what operators watch, in the format their tools read. */
describe('GET /metrics', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_METRICS_TOKEN: TOKEN, WEFT_SCHEDULER: 'off' } });
  const scrape = async () => {
    const answer = await weft().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };
  const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

  it('counts runs started and finished, their durations and failed final writes', async () => {
    const user = await signUp(weft());
    const ok = await insertWorkflow(weft(), user.userId, workflow('Ok', [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]));
    const bad = await insertWorkflow(weft(), user.userId, workflow('Bad', [node('c', 'code.javascript', { code: 'throw new Error("no")' })], []));
    for (const id of [ok, ok, bad]) {
      const run = await weft().app.inject({ method: 'POST', url: `/api/workflows/${id}/run?wait=true`, headers: user.headers, payload: {} });
      expect(run.statusCode).toBe(200);
    }
    let text = await scrape();
    expect(value(text, 'weft_runs_started_total{trigger="manual"}')).toBe(3);
    expect(value(text, 'weft_runs_finished_total{status="success"}')).toBe(2);
    expect(value(text, 'weft_runs_finished_total{status="error"}')).toBe(1);
    expect(value(text, 'weft_run_duration_seconds_count{status="success"}')).toBe(2);
    expect(value(text, 'weft_run_queue_running')).toBe(0);
    expect(text).toMatch(/^weft_process_cpu_seconds_total /m);

    // A final write refused once by the database (as a full disk would) is counted as a retry.
    const db = weft().services.db;
    await sql`CREATE TABLE fault (fail INTEGER NOT NULL)`.execute(db);
    await sql`INSERT INTO fault (fail) VALUES (1)`.execute(db);
    await sql`CREATE TRIGGER refuse_once BEFORE UPDATE OF finished_at ON executions WHEN (SELECT fail FROM fault) = 1
      BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END`.execute(db);
    // A run whose caller waits is written once, with its end (runs/unstored-row.ts): that INSERT is refused too.
    await sql`CREATE TRIGGER refuse_finished_row BEFORE INSERT ON executions WHEN NEW.finished_at IS NOT NULL AND (SELECT fail FROM fault) = 1
      BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END`.execute(db);
    const waiting = weft().app.inject({ method: 'POST', url: `/api/workflows/${ok}/run?wait=true`, headers: user.headers, payload: {} });
    await expect.poll(async () => value(await scrape(), 'weft_run_final_write_retries_total')).toBeGreaterThan(0);
    await sql`UPDATE fault SET fail = 0`.execute(db);
    expect((await waiting).statusCode).toBe(200);
    text = await scrape();
    expect(value(text, 'weft_runs_finished_total{status="success"}')).toBe(3);
  });

  it('counts what became of scheduled ticks and how late their runs started', async () => {
    const user = await signUp(weft());
    const workflowId = await insertWorkflow(
      weft(),
      user.userId,
      workflow('Tick', [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const created = await weft().app.inject({ method: 'POST', url: '/api/schedules', headers: user.headers, payload: { workflowId, cron: '* * * * *' } });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id as string;
    const db = weft().services.db;
    const dueAt = async (msAgo: number) => {
      await db
        .updateTable('schedules')
        .set({ next_fire_at: new Date(Date.now() - msAgo).toISOString() })
        .where('id', '=', scheduleId)
        .execute();
    };
    // A tick two seconds old starts (within the grace); one from two days ago is missed with the ticks after it.
    await dueAt(2_000);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    const runStatus = async () => (await db.selectFrom('executions').select('status').where('schedule_id', '=', scheduleId).executeTakeFirst())?.status;
    await expect.poll(runStatus).toBe('success');
    await dueAt(2 * 24 * 3600_000);
    const late = await weft().services.scheduler.runDue();
    expect(late.missed).toBeGreaterThan(100);
    const text = await scrape();
    expect(value(text, 'weft_schedule_ticks_total{outcome="started"}')).toBe(1 + late.started);
    expect(value(text, 'weft_schedule_ticks_total{outcome="missed"}')).toBe(late.missed);
    // Every started tick was claimed first.
    expect(value(text, 'weft_schedule_ticks_total{outcome="claimed"}')).toBe(1 + late.started);
    expect(value(text, 'weft_schedule_tick_lateness_seconds_count')).toBe(1 + late.started);
    // The first run started about two seconds after its instant.
    expect(value(text, 'weft_schedule_tick_lateness_seconds_bucket{le="1"}')).toBe(0);
  });

  it('needs the token, and is off without WEFT_METRICS_TOKEN', async () => {
    expect((await weft().app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await weft().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const off = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

/** Issue 21: scale-out's "queue-again count". */
describe('GET /metrics in scale-out', () => {
  // No worker takes runs here until the test starts one: the requeued jobs wait to be counted.
  const cluster = useScaleOutCluster({ env: { WEFT_METRICS_TOKEN: TOKEN, WEFT_RUN_HEARTBEAT_MS: '100', WEFT_SCHEDULER: 'off' } });
  const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

  it('counts runs queued again from the database, by why their job left the queue', async () => {
    const { api, worker, prefix, startWorker } = cluster();
    await worker.close();
    const user = await signUp(api);
    const workflowId = await insertWorkflow(
      api,
      user.userId,
      workflow('Again', [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const requeues = async (id: string) =>
      (await api.services.db.selectFrom('executions').select('requeues').where('id', '=', id).executeTakeFirstOrThrow()).requeues;

    // One job vanishes (Redis lost it) ...
    const lost = await startRun(api, user, workflowId);
    expect(await api.services.scaleOut?.queue.remove(lost.id)).toBe(true);
    // ... and one fails in a worker before the claim (its database call failed).
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const failing = new Worker('runs', async (_job: Job) => Promise.reject(new Error('Connection terminated unexpectedly')), { connection, prefix });
    let failed: ExecutionSummary | undefined;
    try {
      const once = new Promise<void>((resolve) => failing.once('failed', () => resolve()));
      failed = await startRun(api, user, workflowId);
      await once;
    } finally {
      await failing.close();
      await connection.quit();
    }
    const failedId = (failed as ExecutionSummary).id;
    await expect.poll(async () => [await requeues(lost.id), await requeues(failedId)]).toEqual([1, 1]);

    const scrape = await api.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    expect(value(scrape.body, 'weft_runs_requeued_total{reason="job_missing"}')).toBe(1);
    expect(value(scrape.body, 'weft_runs_requeued_total{reason="job_failed"}')).toBe(1);
    // A worker comes: both run, once.
    await startWorker();
    for (const id of [lost.id, failedId]) expect((await api.services.runs.waitFor(id, 10_000)).status).toBe('success');
  });
});
