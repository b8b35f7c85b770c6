import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { SchedulesTable } from '../db/schema.js';
import { ManualClock } from '../test-support/manual-clock.js';
import { insertWorkflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, type TestWeft, useTestWeft } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';

/** Monday 23 November 2026, 10:00 UTC. */
const NOW = '2026-11-23T10:00:00.000Z';

/** A schedule row as an older Weft (or a hand edit) may have left it: nothing checks what goes in. */
async function insertRow(weft: TestWeft, userId: string, workflowId: string, row: Partial<SchedulesTable>): Promise<string> {
  const id = randomUUID();
  await weft.services.db
    .insertInto('schedules')
    .values({
      id,
      user_id: userId,
      workflow_id: workflowId,
      name: 'Stored',
      enabled: 1,
      kind: 'cron',
      cron: '0 9 * * *',
      interval_seconds: null,
      run_at: null,
      timezone: 'UTC',
      inputs: '{}',
      overlap_policy: 'skip',
      catch_up_policy: 'skip',
      start_at: null,
      end_at: null,
      next_fire_at: '2026-11-24T09:00:00.000Z',
      anchor_at: NOW,
      created_at: NOW,
      updated_at: NOW,
      pause_after_failures: 0,
      jitter_seconds: 0,
      next_jitter_ms: 0,
      ...row,
    })
    .execute();
  return id;
}

/**
 * Issue 19: 1,000 every-second schedules of one user were accepted and grew the database
 * 424 MB a minute. How many schedules a user may have and how often one may run are
 * settings; a refusal names the limit and the setting.
 */
describeEachDatabase('per-user schedule limits', (database) => {
  const clock = new ManualClock(NOW);
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off', WEFT_SCHEDULES_PER_USER: '3' } });
  const call = (user: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const setUp = async () => {
    const user = await signUp(weft());
    return { user, workflowId: await insertWorkflow(weft(), user.userId, greetingWorkflow()) };
  };

  it('refuses one schedule over WEFT_SCHEDULES_PER_USER with a 409 naming it; others and a freed place are not held back', async () => {
    const { user, workflowId } = await setUp();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(user, 'POST', '/api/schedules', { workflowId, cron: `${i} 9 * * *` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const fourth = await call(user, 'POST', '/api/schedules', { workflowId, cron: '5 9 * * *' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'schedule_limit',
      detail:
        'You have 3 schedules, the most one account may have here (WEFT_SCHEDULES_PER_USER). Delete one you no longer need, or ask whoever runs this Weft to raise the limit.',
    });
    expect((await call(user, 'GET', '/api/schedules')).json()).toHaveLength(3);

    const other = await setUp();
    expect((await call(other.user, 'POST', '/api/schedules', { workflowId: other.workflowId, cron: '0 9 * * *' })).statusCode).toBe(201);
    expect((await call(user, 'DELETE', `/api/schedules/${ids[0]}`)).statusCode).toBe(204);
    expect((await call(user, 'POST', '/api/schedules', { workflowId, cron: '5 9 * * *' })).statusCode).toBe(201);
  });

  it('holds the limit when many creates arrive at once', async () => {
    const { user, workflowId } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(user, 'POST', '/api/schedules', { workflowId, cron: `${i} 10 * * *` }).then((r) => r.statusCode)),
    );
    expect(answers.every((status) => status === 201 || status === 409)).toBe(true);
    const kept = (await call(user, 'GET', '/api/schedules')).json() as unknown[];
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(answers.filter((status) => status === 201)).toHaveLength(kept.length);
  });

  it('refuses timings more frequent than WEFT_SCHEDULE_MIN_INTERVAL_SECONDS (60), keeping one stored under a looser setting', async () => {
    const { user, workflowId } = await setUp();
    for (const timing of [{ cron: '* * * * * *' }, { cron: '0,30 * * * * *' }, { intervalSeconds: 59 }]) {
      const res = await call(user, 'POST', '/api/schedules', { workflowId, ...timing });
      expect(res.statusCode, JSON.stringify(timing)).toBe(400);
      expect(res.json().detail).toMatch(/more often than this Weft allows: at least 60 s between runs \(WEFT_SCHEDULE_MIN_INTERVAL_SECONDS\)$/);
    }
    for (const timing of [{ cron: '0 * * * * *' }, { cron: '*/1 * * * *' }, { intervalSeconds: 60 }]) {
      const res = await call(user, 'POST', '/api/schedules', { workflowId, ...timing });
      expect(res.statusCode, res.body).toBe(201);
      expect((await call(user, 'DELETE', `/api/schedules/${res.json().id}`)).statusCode).toBe(204);
    }
    // Made when the operator allowed every second: it may still be renamed and paused.
    const id = await insertRow(weft(), user.userId, workflowId, {
      kind: 'interval',
      cron: null,
      interval_seconds: 1,
      next_fire_at: '2026-11-23T10:00:01.000Z',
    });
    const renamed = await call(user, 'PUT', `/api/schedules/${id}`, { name: 'Old and fast', intervalSeconds: 1, cron: null, runAt: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(user, 'POST', `/api/schedules/${id}/pause`)).statusCode).toBe(200);
  });
});

/** The stored bad value of the report: its owner's list broke, and a pass over it would have failed everyone's. */
describeEachDatabase('a schedule stored before the input checks', (database) => {
  const clock = new ManualClock(NOW);
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off' } });

  it('is listed with its problem, and the scheduler stops it while firing everyone else’s', async () => {
    const owner = await signUp(weft());
    const workflowId = await insertWorkflow(weft(), owner.userId, greetingWorkflow());
    // SQLite holds 5e12 seconds: its next tick was storable, the ones after it are past what a
    // date can hold. PostgreSQL's integer column stops at about 2.1e9 (68 years): too long, but computable.
    const seconds = database === 'sqlite' ? 5e12 : 2e9;
    const stored = { kind: 'interval' as const, cron: null, interval_seconds: seconds, next_fire_at: new Date(Date.parse(NOW) + seconds * 1000).toISOString() };
    const huge = await insertRow(weft(), owner.userId, workflowId, stored);
    const garbled = await insertRow(weft(), owner.userId, workflowId, { timezone: 'Mars/Olympus', inputs: 'not json' });
    const fine = await insertRow(weft(), owner.userId, workflowId, { next_fire_at: NOW });

    const list = await weft().app.inject({ method: 'GET', url: '/api/schedules', headers: owner.headers });
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map((list.json() as { id: string; problem?: string; nextRuns: string[] }[]).map((s) => [s.id, s]));
    expect(byId.get(huge)).toMatchObject({
      intervalSeconds: seconds,
      nextRuns: [],
      problem: expect.stringMatching(/^This schedule cannot run as stored: Interval must be at most 315360000 seconds/),
    });
    expect(byId.get(garbled)).toMatchObject({ inputs: {}, nextRuns: [], problem: expect.stringMatching(/Unknown time zone `Mars\/Olympus`/) });
    expect(byId.get(fine)?.problem).toBeUndefined();
    expect((await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: owner.headers })).statusCode).toBe(200);
    // It can be mended through the API.
    const mended = await weft().app.inject({ method: 'PUT', url: `/api/schedules/${huge}`, headers: owner.headers, payload: { intervalSeconds: 3600 } });
    expect(mended.statusCode, mended.body).toBe(200);
    expect(mended.json().problem).toBeUndefined();
    await weft().services.db.updateTable('schedules').set(stored).where('id', '=', huge).execute();

    // Someone else's schedule is due in the same pass.
    const other = await signUp(weft());
    const theirs = await insertRow(weft(), other.userId, await insertWorkflow(weft(), other.userId, greetingWorkflow()), { next_fire_at: NOW });
    const report = await weft().services.scheduler.runDue();
    expect(report.started).toBe(2);
    const started = await weft().services.db.selectFrom('executions').select('schedule_id').where('schedule_id', 'in', [theirs, fine]).execute();
    expect(started.map((row) => row.schedule_id).sort()).toEqual([theirs, fine].sort());
    // Its far tick ("+160410-…") sorts before every year of four digits, so it came due at once.
    if (database === 'sqlite') {
      const stopped = await weft().services.db.selectFrom('schedules').select('next_fire_at').where('id', '=', huge).executeTakeFirstOrThrow();
      expect(stopped.next_fire_at).toBeNull();
    }
  });
});
