import { describe, expect, it } from 'vitest';
import { ManualClock } from '../test-support/manual-clock.js';
import { createWeftPlace, removeWeftPlace, startWeftAt } from '../test-support/restartable-weft.js';
import { insertStaleWorkflow, insertWorkflow, node, workflow } from '../test-support/run-fixtures.js';
import { MINUTE, useSchedulerFixture } from '../test-support/scheduler-fixture.js';
import { describeEachDatabase, signUp } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';

describeEachDatabase('scheduler (injected clock)', (database) => {
  const { clock, held, weft, call, setUp, executionsOf, ticksOf, settle, gated, secondScheduler } = useSchedulerFixture(database);

  it('fires each tick once, as trigger schedule with the schedule and instant, then waits for the next', async () => {
    const { scheduleId, workflowId } = await setUp({ cron: '*/5 * * * *', inputs: {} });
    const scheduler = weft().services.scheduler;
    expect(await scheduler.runDue()).toMatchObject({ started: 0 });

    clock.advance(5 * MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ started: 1, missed: 0 });
    expect(await scheduler.runDue()).toMatchObject({ started: 0 });
    await settle(scheduleId);
    clock.advance(2 * MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ started: 0 });
    clock.advance(3 * MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ started: 1 });
    await settle(scheduleId);

    const rows = await executionsOf(weft(), scheduleId);
    const day = clock.now().toISOString().slice(0, 10);
    expect(rows.map((r) => [r.trigger, r.status, r.workflow_id, r.scheduled_for])).toEqual([
      ['schedule', 'success', workflowId, `${day}T00:05:00.000Z`],
      ['schedule', 'success', workflowId, `${day}T00:10:00.000Z`],
    ]);
    expect((await ticksOf(weft(), scheduleId)).map((t) => [t.outcome, t.execution_id])).toEqual(rows.map((r) => ['started', r.id]));
    // The execution API shows where a run came from.
    const summary = await weft().services.runs.get(rows[0]?.user_id ?? '', rows[0]?.id ?? '');
    expect(summary).toMatchObject({ trigger: 'schedule', scheduleId, scheduledFor: `${day}T00:05:00.000Z` });
  });

  it('two schedulers on one database looking at the same moment start each tick once', async () => {
    const { scheduleId } = await setUp({ cron: '* * * * *', overlapPolicy: 'allow' });
    const other = secondScheduler();
    for (let minute = 0; minute < 5; minute += 1) {
      clock.advance(MINUTE);
      const [a, b] = await Promise.all([weft().services.scheduler.runDue(), other.runDue()]);
      expect(a.started + b.started).toBe(1);
    }
    await settle(scheduleId);
    const rows = await executionsOf(weft(), scheduleId);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.scheduled_for)).size).toBe(5);
  });

  it('catch-up skip (default): ticks missed while down are recorded as one gap, none run', async () => {
    const { user, scheduleId } = await setUp({ cron: '*/10 * * * *', timezone: 'Europe/Berlin' });
    clock.advance(45 * MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0, missed: 4 });
    expect(await executionsOf(weft(), scheduleId)).toEqual([]);
    const ticks = (await call(user, 'GET', `/api/schedules/${scheduleId}/ticks`)).json().ticks;
    expect(ticks).toEqual([
      {
        scheduledFor: expect.stringMatching(/T01:40:00\+01:00$/),
        outcome: 'missed',
        executionId: null,
        reason: expect.stringMatching(/^4 ticks missed from .*T01:10:00\+01:00 to .*T01:40:00\+01:00 \(Weft was not running or the schedule was paused\)$/),
        createdAt: clock.now().toISOString(),
        source: 'schedule',
      },
    ]);
    // Back on time from here: the next tick is the next future one.
    const schedule = (await call(user, 'GET', `/api/schedules/${scheduleId}`)).json();
    expect(schedule.nextRuns[0]).toMatch(/T01:50:00\+01:00$/);
    clock.advance(5 * MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1, missed: 0 });
    await settle(scheduleId);
  });

  it('catch-up run once: the latest missed tick runs once, the rest are recorded', async () => {
    const { scheduleId } = await setUp({ cron: '*/10 * * * *', catchUpPolicy: 'run_once' });
    clock.advance(35 * MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1, missed: 2 });
    await settle(scheduleId);
    const day = clock.now().toISOString().slice(0, 10);
    expect((await executionsOf(weft(), scheduleId)).map((r) => r.scheduled_for)).toEqual([`${day}T00:30:00.000Z`]);
    expect((await ticksOf(weft(), scheduleId)).map((t) => [t.scheduled_for.slice(11, 16), t.outcome])).toEqual([
      ['00:20', 'missed'],
      ['00:30', 'started'],
    ]);
  });

  it('a tick inside the grace period still runs on time', async () => {
    const { scheduleId } = await setUp({ cron: '*/10 * * * *' });
    clock.advance(10 * MINUTE + 59_000);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1, missed: 0 });
    await settle(scheduleId);
  });

  it('overlap skip (default): a tick while the previous run goes on is skipped with the reason', async () => {
    const { scheduleId } = await setUp({ cron: '* * * * *' }, gated('skip-1'));
    clock.advance(MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    await held.named('skip-1').entered;
    clock.advance(MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0, skipped: 1 });
    const [first] = await executionsOf(weft(), scheduleId);
    const ticks = await ticksOf(weft(), scheduleId);
    expect(ticks[1]).toMatchObject({ outcome: 'skipped', reason: `The previous run (${first?.id}) was still going (overlap: skip)` });
    held.named('skip-1').open();
    await settle(scheduleId);
  });

  it('overlap buffer_one: one tick waits for the previous run and starts when it ends; a second is skipped', async () => {
    const { scheduleId } = await setUp({ cron: '* * * * *', overlapPolicy: 'buffer_one' }, gated('queue-1'));
    const scheduler = weft().services.scheduler;
    clock.advance(MINUTE);
    await scheduler.runDue();
    await held.named('queue-1').entered;
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ waiting: 1 });
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ skipped: 1 });
    held.named('queue-1').open();
    await settle(scheduleId);
    expect(await scheduler.runDue()).toMatchObject({ started: 1 });
    await settle(scheduleId);
    expect((await ticksOf(weft(), scheduleId)).map((t) => t.outcome)).toEqual(['started', 'started', 'skipped']);
    expect(await executionsOf(weft(), scheduleId)).toHaveLength(2);
  });

  it('overlap allow_all: runs go side by side', async () => {
    const { scheduleId } = await setUp({ cron: '* * * * *', overlapPolicy: 'allow' }, gated('allow-1'));
    clock.advance(MINUTE);
    await weft().services.scheduler.runDue();
    clock.advance(MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    held.named('allow-1').open();
    await settle(scheduleId);
    expect((await executionsOf(weft(), scheduleId)).map((r) => r.status)).toEqual(['success', 'success']);
  });

  it('a workflow that cannot run records a failed execution with the reason at each tick and stays enabled', async () => {
    // Saved while its node type existed; the type has since left this server.
    const broken = workflow('Broken', [node('x', 'gone.node-type')], []);
    const { user, scheduleId } = await setUp({ cron: '* * * * *' }, broken, insertStaleWorkflow);
    for (let i = 0; i < 2; i += 1) {
      clock.advance(MINUTE);
      expect(await weft().services.scheduler.runDue()).toMatchObject({ failed: 1 });
    }
    const rows = await executionsOf(weft(), scheduleId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'error', trigger: 'schedule' });
      expect(row.error).toContain('gone.node-type');
    }
    const ticks = await ticksOf(weft(), scheduleId);
    expect(ticks.map((t) => [t.outcome, t.execution_id, t.reason])).toEqual(rows.map((r) => ['failed', r.id, r.error]));
    const schedule = (await call(user, 'GET', `/api/schedules/${scheduleId}`)).json();
    expect(schedule).toMatchObject({ enabled: true, lastRun: { executionId: rows[1]?.id, status: 'error' } });
  });

  it('a paused schedule does not fire; on resume its missed ticks meet the catch-up policy', async () => {
    const { user, scheduleId } = await setUp({ cron: '*/10 * * * *', catchUpPolicy: 'run_once' });
    await call(user, 'POST', `/api/schedules/${scheduleId}/pause`);
    clock.advance(25 * MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0, missed: 0 });
    await call(user, 'POST', `/api/schedules/${scheduleId}/resume`);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1, missed: 1 });
    await settle(scheduleId);
  });

  it('a one-off runs once and then shows no next runs; an end date stops a cron', async () => {
    const { user, scheduleId } = await setUp((now) => ({ runAt: new Date(now + 90_000).toISOString() }));
    clock.advance(2 * MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    clock.advance(24 * 60 * MINUTE);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0 });
    await settle(scheduleId);
    expect((await call(user, 'GET', `/api/schedules/${scheduleId}`)).json()).toMatchObject({ nextRuns: [], lastRun: { status: 'success' } });

    const ending = await setUp((now) => ({ cron: '* * * * *', overlapPolicy: 'allow', endAt: new Date(now + 2 * MINUTE).toISOString() }));
    for (let i = 0; i < 4; i += 1) {
      clock.advance(MINUTE);
      await weft().services.scheduler.runDue();
    }
    await settle(ending.scheduleId);
    expect(await executionsOf(weft(), ending.scheduleId)).toHaveLength(2);
  });

  it('a tick left pending by a process that died is started by a later pass, once', async () => {
    const { scheduleId } = await setUp({ cron: '0 12 * * *' });
    const instant = new Date(clock.now().getTime() - MINUTE).toISOString();
    // What a process leaves when it dies between claiming a tick and starting its run.
    await weft()
      .services.db.insertInto('schedule_ticks')
      .values({
        id: 'dead-1',
        schedule_id: scheduleId,
        scheduled_for: instant,
        outcome: 'pending',
        execution_id: null,
        reason: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0 });
    clock.advance(31_000);
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 1 });
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 0 });
    await settle(scheduleId);
    expect((await executionsOf(weft(), scheduleId)).map((r) => r.scheduled_for)).toEqual([instant]);
    expect((await ticksOf(weft(), scheduleId)).map((t) => t.outcome)).toEqual(['started']);
  });
});

describe('scheduler driver', () => {
  it('wakes on a new schedule instead of sleeping 30 s, and fires a 6-field cron every second', async () => {
    // Real time here: a 6-field cron every second fires within a few seconds.
    const { startTestWeft } = await import('../test-support/test-weft.js');
    // A schedule may fire every second only where the operator allows it.
    const w = await startTestWeft('sqlite', { env: { WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1' } });
    try {
      const user = await signUp(w);
      const workflowId = await insertWorkflow(w, user.userId, greetingWorkflow());
      const res = await w.app.inject({ method: 'POST', url: '/api/schedules', headers: user.headers, payload: { workflowId, cron: '* * * * * *' } });
      expect(res.statusCode).toBe(201);
      const scheduleId = res.json().id as string;
      await expect
        .poll(async () => (await w.services.db.selectFrom('executions').select('id').where('schedule_id', '=', scheduleId).execute()).length, {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(2);
      await w.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/pause`, headers: user.headers });
    } finally {
      await w.close();
    }
  });
});

describeEachDatabase('scheduler across a restart', (database) => {
  it('ticks due while Weft was stopped meet the catch-up policy on the next start, recorded in the ledger', async () => {
    const clock = new ManualClock('2026-06-01T08:00:00.000Z');
    const place = await createWeftPlace(database);
    try {
      const first = await startWeftAt(place, { clock });
      const user = await signUp(first);
      const workflowId = await insertWorkflow(first, user.userId, greetingWorkflow());
      const create = (catchUpPolicy: string) =>
        first.app.inject({ method: 'POST', url: '/api/schedules', headers: user.headers, payload: { workflowId, cron: '*/10 * * * *', catchUpPolicy } });
      const runOnce = (await create('run_once')).json().id as string;
      const skip = (await create('skip')).json().id as string;
      await first.close();

      // Down across 08:10 and 08:20; back at 08:25.
      clock.advance(25 * MINUTE);
      const second = await startWeftAt(place, { clock });
      try {
        const ledger = (id: string) =>
          second.services.db
            .selectFrom('schedule_ticks')
            .select(['scheduled_for', 'outcome', 'reason'])
            .where('schedule_id', '=', id)
            .orderBy('scheduled_for')
            .execute();
        // The start-up pass runs by itself (the driver), no test call.
        await expect.poll(async () => (await ledger(runOnce)).length + (await ledger(skip)).length, { timeout: 10_000 }).toBe(3);
        expect((await ledger(skip)).map((t) => [t.scheduled_for, t.outcome])).toEqual([['2026-06-01T08:20:00.000Z', 'missed']]);
        expect((await ledger(skip))[0]?.reason).toMatch(/^2 ticks missed from 2026-06-01T08:10:00\+00:00 to 2026-06-01T08:20:00\+00:00/);
        await expect
          .poll(async () => (await ledger(runOnce)).map((t) => [t.scheduled_for, t.outcome]))
          .toEqual([
            ['2026-06-01T08:10:00.000Z', 'missed'],
            ['2026-06-01T08:20:00.000Z', 'started'],
          ]);
        const runs = await second.services.db.selectFrom('executions').select(['id', 'scheduled_for']).where('schedule_id', 'in', [runOnce, skip]).execute();
        expect(runs.map((r) => r.scheduled_for)).toEqual(['2026-06-01T08:20:00.000Z']);
        await second.services.runs.waitFor(runs[0]?.id ?? '');
      } finally {
        await second.close();
      }
    } finally {
      removeWeftPlace(place);
    }
  });
});
