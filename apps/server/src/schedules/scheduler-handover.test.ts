import pino from 'pino';
import { expect, it } from 'vitest';
import { newId } from '../platform/tokens.js';
import { ExecutionHistory } from '../runs/execution-history.repository.js';
import { ManualClock } from '../test-support/manual-clock.js';
import { insertWorkflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { PAUSED_BEFORE_START } from './scheduler.js';
import { LEASE_TTL_MS, SchedulerLease } from './scheduler-lease.js';
import { SchedulesRepository } from './schedules.repository.js';

/**
 * Issue 21: when the process that claimed ticks dies, another starts them within seconds.
 * What a killed process leaves in the database (a pending tick naming it, its lease row or
 * none) is written here as it would be; the kill itself, of a real process, is in
 * faked-clock.test.ts.
 */
describeEachDatabase('handing pending ticks over', (database) => {
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off' } });
  const db = () => weft().services.db;

  /** A schedule that will not fire by itself this year, and a tick of it a second ago that `claimer` claimed. */
  const leftPending = async (claimer: string | null) => {
    clock.advance(24 * 3_600_000);
    const user = await signUp(weft());
    const workflowId = await insertWorkflow(weft(), user.userId, greetingWorkflow());
    const created = await weft().app.inject({ method: 'POST', url: '/api/schedules', headers: user.headers, payload: { workflowId, cron: '0 0 1 1 *' } });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id as string;
    const instant = new Date(clock.now().getTime() - 1_000).toISOString();
    const tickId = newId();
    await db()
      .insertInto('schedule_ticks')
      .values({
        id: tickId,
        schedule_id: scheduleId,
        scheduled_for: instant,
        outcome: 'pending',
        execution_id: null,
        reason: null,
        created_at: clock.now().toISOString(),
        claimed_by: claimer,
      })
      .execute();
    return { user, scheduleId, tickId, instant };
  };
  const tick = (id: string) => db().selectFrom('schedule_ticks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const executions = (scheduleId: string) => db().selectFrom('executions').select(['id', 'scheduled_for']).where('schedule_id', '=', scheduleId).execute();
  const lease = (processId: string, expiresInMs: number) =>
    db()
      .insertInto('scheduler_leases')
      .values({ process_id: processId, expires_at: new Date(clock.now().getTime() + expiresInMs).toISOString() })
      .execute();
  const pause = (user: SignedIn, scheduleId: string) => weft().app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/pause`, headers: user.headers });

  it('a pending tick whose process has no lease is started at the next pass, not 30 s later', async () => {
    const { scheduleId, tickId, instant } = await leftPending('gone-host:41:aaaa');
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    const [run] = await executions(scheduleId);
    expect(run?.scheduled_for).toBe(instant);
    expect(await tick(tickId)).toMatchObject({ outcome: 'started', execution_id: run?.id, claimed_by: expect.stringMatching(/:\d+:/) });
    // Taken and settled: this process holds no lease once its pass is over.
    expect(await db().selectFrom('scheduler_leases').selectAll().execute()).toEqual([]);
  });

  it('one whose process still holds its lease is left to it, and taken once the lease ends', async () => {
    const { scheduleId, tickId } = await leftPending('busy-host:42:bbbb');
    await lease('busy-host:42:bbbb', LEASE_TTL_MS);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0 });
    expect(await tick(tickId)).toMatchObject({ outcome: 'pending', claimed_by: 'busy-host:42:bbbb' });
    expect(await executions(scheduleId)).toEqual([]);

    clock.advance(LEASE_TTL_MS + 1);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    expect(await tick(tickId)).toMatchObject({ outcome: 'started' });
    expect(await executions(scheduleId)).toHaveLength(1);
    // The dead process's row went with the take.
    expect(await db().selectFrom('scheduler_leases').selectAll().execute()).toEqual([]);
  });

  it('a tick claimed before leases (no claimer) keeps the 30 s rule', async () => {
    const { tickId } = await leftPending(null);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0 });
    expect(await tick(tickId)).toMatchObject({ outcome: 'pending' });
    clock.advance(30_001);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
  });

  it('a pending tick of a schedule paused since its process died does not start; one whose run had started is marked started', async () => {
    const paused = await leftPending('gone-host:43:cccc');
    expect((await pause(paused.user, paused.scheduleId)).statusCode).toBe(200);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0, missed: 1 });
    expect(await tick(paused.tickId)).toMatchObject({ outcome: 'missed', reason: PAUSED_BEFORE_START, execution_id: null });
    expect(await executions(paused.scheduleId)).toEqual([]);

    // This one's process had started the run before dying: the run exists, only the ledger was behind.
    const ran = await leftPending('gone-host:44:dddd');
    const started = await weft().services.runs.start({
      userId: ran.user.userId,
      workflowId: (await db().selectFrom('schedules').select('workflow_id').where('id', '=', ran.scheduleId).executeTakeFirstOrThrow()).workflow_id,
      trigger: 'schedule',
      inputs: {},
      idempotencyKey: `schedule:${ran.scheduleId}:${ran.instant}`,
      schedule: { id: ran.scheduleId, scheduledFor: ran.instant },
    });
    expect(started.ok).toBe(true);
    expect((await pause(ran.user, ran.scheduleId)).statusCode).toBe(200);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1, missed: 0 });
    expect(await tick(ran.tickId)).toMatchObject({ outcome: 'started', execution_id: started.ok ? started.execution.id : null });
  });

  it('a lease is written before it is held, renewed while held, and dropped when its last holder lets go', async () => {
    const repository = new SchedulesRepository(db(), { runs: new ExecutionHistory(db()), workflows: new WorkflowsRepository(db()) });
    const held = new SchedulerLease(repository, () => clock.now(), pino({ level: 'silent' }), 'test-host:45:eeee');
    const row = () => db().selectFrom('scheduler_leases').select('expires_at').where('process_id', '=', 'test-host:45:eeee').executeTakeFirst();
    const first = await held.hold();
    expect(await row()).toEqual({ expires_at: new Date(clock.now().getTime() + LEASE_TTL_MS).toISOString() });
    const second = await held.hold();
    // Renewed from the clock it was given (the database's, in a real process), once a second.
    clock.advance(3_000);
    await expect.poll(row, { timeout: 5_000, interval: 100 }).toEqual({ expires_at: new Date(clock.now().getTime() + LEASE_TTL_MS).toISOString() });
    await first();
    await first();
    expect(await row()).toBeDefined();
    await second();
    expect(await row()).toBeUndefined();
  });
});
