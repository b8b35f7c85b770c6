import { describe, expect, it } from 'vitest';
import { insertWorkflow } from '../test-support/run-fixtures.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { settled } from '../test-support/scheduled-ticks.js';
import { signUp } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';

const TICKS = 8;

describe('Schedules in scale-out: three API processes and two workers on one PostgreSQL', () => {
  // A schedule may fire every second only where the operator allows it.
  const getCluster = useScaleOutCluster({ env: { WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1' } });

  it('every tick of a per-second schedule runs exactly once, whichever process claims it', async () => {
    const cluster = getCluster();
    const second = await cluster.startApi();
    const third = await cluster.startApi();
    await cluster.startWorker();
    const user = await signUp(cluster.api);
    const workflowId = await insertWorkflow(cluster.api, user.userId, greetingWorkflow());
    // Created through the second process: the others learn of it from the database alone.
    const created = await second.app.inject({
      method: 'POST',
      url: '/api/schedules',
      headers: user.headers,
      payload: { workflowId, cron: '* * * * * *', overlapPolicy: 'allow' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id as string;
    const db = cluster.api.services.db;
    const started = () =>
      db.selectFrom('schedule_ticks').select('scheduled_for').where('schedule_id', '=', scheduleId).where('outcome', '=', 'started').execute();
    await expect.poll(async () => (await started()).length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(TICKS);
    const paused = await third.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/pause`, headers: user.headers });
    expect(paused.statusCode).toBe(200);
    // A pass that claimed before the pause finishes its ticks; then nothing is open or running.
    await settled(db, scheduleId, 30_000);

    const executions = await db
      .selectFrom('executions')
      .select(['scheduled_for', 'status', 'trigger'])
      .where('schedule_id', '=', scheduleId)
      .orderBy('scheduled_for')
      .execute();
    const instants = executions.map((row) => row.scheduled_for as string);
    // Exactly once: no instant twice, and every second between the first and the last.
    expect(new Set(instants).size).toBe(instants.length);
    const first = Date.parse(instants[0] as string);
    const last = Date.parse(instants[instants.length - 1] as string);
    const missed = await db.selectFrom('schedule_ticks').select('id').where('schedule_id', '=', scheduleId).where('outcome', '=', 'missed').execute();
    expect(missed).toEqual([]);
    expect(instants.length).toBe((last - first) / 1000 + 1);
    expect(executions.every((row) => row.status === 'success' && row.trigger === 'schedule')).toBe(true);
    expect((await started()).length).toBe(instants.length);
  });
});
