import { expect, it } from 'vitest';
import { GATE_NODE_TYPE, node, workflow } from '../test-support/run-fixtures.js';
import { MINUTE, RECORD_NODE_TYPE, useSchedulerFixture } from '../test-support/scheduler-fixture.js';
import { describeEachDatabase, signUp } from '../test-support/test-weft.js';

/** Temporal's policy set (issue 21): overlap decided in the database, catch-up window, pause after failures, jitter, trigger now, backfill. */
describeEachDatabase('schedule policies (injected clock)', (database) => {
  const { clock, held, recorded, weft, call, setUp, executionsOf, ticksOf, settle, drain, gated, secondScheduler } = useSchedulerFixture(
    database,
    '2027-03-01T00:00:00.000Z',
  );

  it('two schedulers deciding at once never run a skip or buffer_all schedule side by side, and buffer_all keeps order', async () => {
    const other = secondScheduler();
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
});
