import { defineNode } from '@weft/nodes';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ExecutionHistory } from '../runs/execution-history.repository.js';
import { ManualClock } from '../test-support/manual-clock.js';
import { createWeftPlace, removeWeftPlace, startWeftAt } from '../test-support/restartable-weft.js';
import { GATE_NODE_TYPE, gateNodeType, gates, insertStaleWorkflow, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, type TestWeft, useTestWeft } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { Scheduler } from './scheduler.js';
import { SchedulesRepository } from './schedules.repository.js';

const MINUTE = 60_000;

describeEachDatabase('scheduler (injected clock)', (database) => {
  // Each test starts on a whole minute far from the others, so their ticks never meet.
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const held = gates();
  const recorded = overlapRecorder();
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off' }, ...withNodeTypes(gateNodeType(held), recorded.nodeType) });

  // A pass fires every user's schedules: each test's end stops its own.
  afterEach(async () => {
    await weft().services.db.updateTable('schedules').set({ enabled: 0 }).execute();
  });

  const nextDay = () => {
    const now = clock.now().getTime();
    clock.advance(Math.ceil((now + 1) / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE - now);
  };
  const call = (user: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  /** A user, a workflow and a schedule, at the start of a new day (`when` builds fields from that time). */
  const setUp = async (
    schedule: Record<string, unknown> | ((now: number) => Record<string, unknown>),
    document = greetingWorkflow(),
    store = insertWorkflow,
  ) => {
    nextDay();
    if (typeof schedule === 'function') schedule = schedule(clock.now().getTime());
    const user = await signUp(weft());
    const workflowId = await store(weft(), user.userId, document);
    const res = await call(user, 'POST', '/api/schedules', { workflowId, ...schedule });
    expect(res.statusCode, res.body).toBe(201);
    return { user, workflowId, scheduleId: res.json().id as string };
  };
  const executionsOf = (w: TestWeft, scheduleId: string) =>
    w.services.db.selectFrom('executions').selectAll().where('schedule_id', '=', scheduleId).orderBy('scheduled_for').execute();
  const ticksOf = (w: TestWeft, scheduleId: string) =>
    w.services.db.selectFrom('schedule_ticks').selectAll().where('schedule_id', '=', scheduleId).orderBy('scheduled_for').execute();
  const settle = async (scheduleId: string) => {
    for (const row of await executionsOf(weft(), scheduleId)) await weft().services.runs.waitFor(row.id);
  };
  /** Passes until no tick of the schedule is pending or waiting: each starts the next one whose turn came. */
  const drain = async (scheduleId: string) => {
    for (let pass = 0; pass < 500; pass++) {
      await settle(scheduleId);
      if (!(await ticksOf(weft(), scheduleId)).some((t) => t.outcome === 'waiting' || t.outcome === 'pending')) return;
      await weft().services.scheduler.runDue();
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('ticks still open after 500 passes');
  };

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
    const other = new Scheduler({
      repository: new SchedulesRepository(weft().services.db, {
        runs: new ExecutionHistory(weft().services.db),
        workflows: new WorkflowsRepository(weft().services.db),
      }),
      runs: weft().services.runs,
      clock,
      logger: pino({ level: 'silent' }),
      graceMs: 60_000,
    });
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

  it('two schedulers deciding at once never run a skip or buffer_all schedule side by side, and buffer_all keeps order', async () => {
    const other = new Scheduler({
      repository: new SchedulesRepository(weft().services.db, {
        runs: new ExecutionHistory(weft().services.db),
        workflows: new WorkflowsRepository(weft().services.db),
      }),
      runs: weft().services.runs,
      clock,
      logger: pino({ level: 'silent' }),
      graceMs: 60_000,
    });
    const both = () => Promise.all([weft().services.scheduler.runDue(), other.runDue()]);
    for (const policy of ['skip', 'buffer_all'] as const) {
      recorded.reset();
      const { scheduleId } = await setUp({ cron: '* * * * *', overlapPolicy: policy }, workflow('Recorded', [node('r', RECORD_NODE_TYPE)], []));
      for (let minute = 0; minute < 6; minute++) {
        clock.advance(MINUTE);
        // Passes of both processes at once, while runs (each 25 ms of real time) come and go.
        for (let pass = 0; pass < 4; pass++) await both();
      }
      for (let pass = 0; pass < 200 && (await ticksOf(weft(), scheduleId)).some((t) => t.outcome === 'waiting' || t.outcome === 'pending'); pass++) {
        await settle(scheduleId);
        await both();
      }
      await settle(scheduleId);
      expect(recorded.mostAtOnce(), policy).toBe(1);
      const runs = await executionsOf(weft(), scheduleId);
      if (policy === 'buffer_all') {
        expect(runs).toHaveLength(6);
        // The order the runs really began in is the order of their instants.
        const instantOf = new Map(runs.map((r) => [r.id, r.scheduled_for]));
        const began = recorded.order().map((id) => instantOf.get(id));
        expect(began).toEqual(runs.map((r) => r.scheduled_for));
      }
      await weft().services.db.updateTable('schedules').set({ enabled: 0 }).where('id', '=', scheduleId).execute();
    }
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

  const gated = (gate: string) => workflow('Gated', [node('gate', GATE_NODE_TYPE, { gate })], []);

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

  it('overlap buffer_all: every tick waits its turn and they run one after another, in order', async () => {
    const { scheduleId } = await setUp({ cron: '* * * * *', overlapPolicy: 'buffer_all' }, gated('all-1'));
    const scheduler = weft().services.scheduler;
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ started: 1 });
    await held.named('all-1').entered;
    for (let tick = 0; tick < 3; tick++) {
      clock.advance(MINUTE);
      expect(await scheduler.runDue()).toMatchObject({ waiting: 1 });
    }
    held.named('all-1').open();
    // Each pass starts the oldest waiting tick once the run before it ended, never two at once.
    await drain(scheduleId);
    const runs = await executionsOf(weft(), scheduleId);
    expect(runs.map((r) => r.status)).toEqual(['success', 'success', 'success', 'success']);
    const started = [...runs].sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
    expect(started.map((r) => r.scheduled_for)).toEqual(runs.map((r) => r.scheduled_for));
    for (let index = 1; index < started.length; index++) {
      expect(Date.parse(started[index]?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(started[index - 1]?.finished_at ?? ''));
    }
  });

  it('overlap cancel_other: the running run is cancelled and the new tick runs', async () => {
    const { scheduleId } = await setUp({ cron: '* * * * *', overlapPolicy: 'cancel_other' }, gated('cancel-1'));
    const scheduler = weft().services.scheduler;
    clock.advance(MINUTE);
    await scheduler.runDue();
    await held.named('cancel-1').entered;
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ started: 1 });
    held.named('cancel-1').open();
    await settle(scheduleId);
    expect((await executionsOf(weft(), scheduleId)).map((r) => r.status)).toEqual(['cancelled', 'success']);
  });

  it('pause after failures: after N failed runs in a row the next tick pauses the schedule with the reason', async () => {
    const failing = workflow('Failing', [node('gate', GATE_NODE_TYPE, { fail: 'The API answered 500' })], []);
    const { user, scheduleId } = await setUp({ cron: '* * * * *', pauseAfterFailures: 2 }, failing);
    const scheduler = weft().services.scheduler;
    for (let tick = 0; tick < 2; tick++) {
      clock.advance(MINUTE);
      expect(await scheduler.runDue()).toMatchObject({ started: 1 });
      await settle(scheduleId);
    }
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toMatchObject({ started: 0, skipped: 1 });
    const schedule = (await call(user, 'GET', `/api/schedules/${scheduleId}`)).json();
    expect(schedule.enabled).toBe(false);
    expect(schedule.pausedReason).toMatch(/^Paused after 2 failed runs in a row .*The last one: .*The API answered 500/);
    expect(await executionsOf(weft(), scheduleId)).toHaveLength(2);
    // A resume clears the reason and the count starts again from the next run.
    expect((await call(user, 'POST', `/api/schedules/${scheduleId}/resume`)).json().pausedReason).toBeUndefined();
  });

  it('jitter: a tick starts after its instant by the same offset on every process, and keeps its instant', async () => {
    const { user, scheduleId } = await setUp({ cron: '0 * * * *', jitterSeconds: 1800 });
    const scheduler = weft().services.scheduler;
    const row = await weft().services.db.selectFrom('schedules').selectAll().where('id', '=', scheduleId).executeTakeFirstOrThrow();
    const nominal = Date.parse(row.next_fire_at ?? '') - row.next_jitter_ms;
    expect(row.next_jitter_ms).toBeGreaterThan(0);
    expect(row.next_jitter_ms).toBeLessThan(1800_000);
    // The API shows the instants themselves.
    expect((await call(user, 'GET', `/api/schedules/${scheduleId}`)).json().nextRuns[0]).toBe(new Date(nominal).toISOString().replace('.000Z', '+00:00'));
    clock.advance(nominal - clock.now().getTime());
    expect(await scheduler.runDue()).toMatchObject({ started: 0 });
    clock.advance(row.next_jitter_ms);
    expect(await scheduler.runDue()).toMatchObject({ started: 1, missed: 0 });
    await settle(scheduleId);
    expect((await executionsOf(weft(), scheduleId)).map((r) => r.scheduled_for)).toEqual([new Date(nominal).toISOString()]);
  });

  it('catch-up window: ticks found within the schedule’s own window still run, older ones were missed', async () => {
    const { scheduleId } = await setUp({ cron: '*/10 * * * *', catchUpWindowSeconds: 25 * 60, overlapPolicy: 'allow_all' });
    clock.advance(55 * MINUTE);
    // Due at :10 … :50; found at :55, those at most 25 minutes late (:30, :40, :50) run.
    expect(await weft().services.scheduler.runDue()).toMatchObject({ started: 3, missed: 2 });
    await settle(scheduleId);
    expect((await executionsOf(weft(), scheduleId)).map((r) => (r.scheduled_for ?? '').slice(11, 16))).toEqual(['00:30', '00:40', '00:50']);
  });

  it('trigger now runs at once with the schedule’s policy or its own, also while paused; another user gets 404', async () => {
    const { user, scheduleId } = await setUp({ cron: '0 0 1 1 *' }, gated('trigger-1'));
    const first = await call(user, 'POST', `/api/schedules/${scheduleId}/trigger`);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ tick: { outcome: 'started', source: 'trigger' }, executionId: expect.any(String) });
    await held.named('trigger-1').entered;
    // Skip (the schedule's policy) while it runs; allow_all when asked.
    const skipped = (await call(user, 'POST', `/api/schedules/${scheduleId}/trigger`, {})).json();
    expect(skipped).toMatchObject({ tick: { outcome: 'skipped', reason: expect.stringContaining('still going (overlap: skip)') }, executionId: null });
    const beside = (await call(user, 'POST', `/api/schedules/${scheduleId}/trigger`, { overlapPolicy: 'allow_all' })).json();
    expect(beside).toMatchObject({ tick: { outcome: 'started' } });
    held.named('trigger-1').open();
    await settle(scheduleId);
    expect(await call(user, 'POST', `/api/schedules/${scheduleId}/pause`, { note: 'Quarter close' })).toMatchObject({ statusCode: 200 });
    expect((await call(user, 'POST', `/api/schedules/${scheduleId}/trigger`)).json()).toMatchObject({ tick: { outcome: 'started' } });
    await settle(scheduleId);
    expect((await executionsOf(weft(), scheduleId)).map((r) => [r.trigger, r.status])).toEqual([
      ['schedule', 'success'],
      ['schedule', 'success'],
      ['schedule', 'success'],
    ]);
    const stranger = await signUp(weft());
    expect((await call(stranger, 'POST', `/api/schedules/${scheduleId}/trigger`)).statusCode).toBe(404);
    const bad = await call(user, 'POST', `/api/schedules/${scheduleId}/trigger`, { overlapPolicy: 'often' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/overlapPolicy must be one of skip, buffer_one/);
  });

  it('pause takes an optional note, shown while paused and cleared by a resume', async () => {
    const { user, scheduleId } = await setUp({ cron: '0 9 * * *' });
    const paused = (await call(user, 'POST', `/api/schedules/${scheduleId}/pause`, { note: 'Waiting for the new API key' })).json();
    expect(paused).toMatchObject({ enabled: false, pauseNote: 'Waiting for the new API key' });
    expect((await call(user, 'POST', `/api/schedules/${scheduleId}/pause`, { note: 'x'.repeat(501) })).statusCode).toBe(400);
    const resumed = (await call(user, 'POST', `/api/schedules/${scheduleId}/resume`)).json();
    expect(resumed.enabled).toBe(true);
    expect(resumed.pauseNote).toBeUndefined();
  });

  it('backfill runs every instant of a past range once, in order, with its own policy; refuses what it cannot do', async () => {
    const { user, scheduleId } = await setUp({ cron: '0 * * * *' });
    clock.advance(6 * 60 * MINUTE + 30 * MINUTE);
    await weft().services.scheduler.runDue();
    await settle(scheduleId);
    const day = clock.now().toISOString().slice(0, 10);
    const range = { startAt: `${day}T01:00:00Z`, endAt: `${day}T04:00:00Z` };
    const first = await call(user, 'POST', `/api/schedules/${scheduleId}/backfill`, range);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ instants: 4, alreadyRan: 0 });
    // buffer_all by default: one after another; each pass starts the next as the one before ends.
    await drain(scheduleId);
    const backfilled = (await ticksOf(weft(), scheduleId)).filter((t) => t.source === 'backfill');
    expect(backfilled.map((t) => [t.scheduled_for.slice(11, 16), t.outcome])).toEqual([
      ['01:00', 'started'],
      ['02:00', 'started'],
      ['03:00', 'started'],
      ['04:00', 'started'],
    ]);
    expect((await call(user, 'POST', `/api/schedules/${scheduleId}/backfill`, range)).json()).toEqual({ instants: 0, alreadyRan: 4 });
    const refusals: [object, RegExp][] = [
      [{ startAt: `${day}T01:00:00Z`, endAt: '2999-01-01T00:00:00Z' }, /endAt must be in the past/],
      [{ startAt: `${day}T04:00:00Z`, endAt: `${day}T01:00:00Z` }, /endAt must not be before startAt/],
      [{ startAt: '2000-01-01T00:00:00Z', endAt: `${day}T01:00:00Z` }, /more than 1000 runs/],
      [{ startAt: `${day}T01:10:00Z`, endAt: `${day}T01:20:00Z` }, /no run time in this range/],
      [{ startAt: 'yesterday', endAt: `${day}T01:00:00Z` }, /startAt must be an ISO 8601 date-time/],
    ];
    for (const [body, message] of refusals) {
      const res = await call(user, 'POST', `/api/schedules/${scheduleId}/backfill`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
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

const RECORD_NODE_TYPE = 'test.record';

/** `test.record`: notes which run entered when and how many ran at once, each staying 25 ms. */
function overlapRecorder() {
  let running = 0;
  let most = 0;
  let entered: string[] = [];
  const nodeType = defineNode({
    type: RECORD_NODE_TYPE,
    version: 1,
    title: 'Record',
    category: 'Logic',
    description: 'Notes overlapping runs for the test.',
    inputs: [],
    outputs: [{ id: 'output', label: 'Value', type: 'any' }],
    config: [],
    async run({ ctx }) {
      running += 1;
      most = Math.max(most, running);
      entered.push(ctx.runId);
      await new Promise((resolve) => setTimeout(resolve, 25));
      running -= 1;
      return { outputs: { output: null } };
    },
  });
  return {
    nodeType,
    mostAtOnce: () => most,
    order: () => [...entered],
    reset: () => {
      most = 0;
      entered = [];
    },
  };
}
