import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

/** Monday 23 November 2026, 10:00 UTC (11:00 in Berlin). */
const NOW = '2026-11-23T10:00:00.000Z';

describeEachDatabase('schedule routes (SPEC.md §7)', (database) => {
  const clock = new ManualClock(NOW);
  // The scheduler stays off: these tests are about the API; scheduler.test.ts fires ticks.
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off' } });

  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createWorkflow = async (user: SignedIn, name = 'Greeting') => {
    const res = await call(user.headers, 'POST', '/api/workflows', greetingWorkflow(name));
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };
  const createSchedule = async (user: SignedIn, body: Record<string, unknown>) => {
    const res = await call(user.headers, 'POST', '/api/schedules', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; [key: string]: unknown };
  };

  it('creates a cron schedule in a zone and answers it with its next five runs', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const schedule = await createSchedule(user, { workflowId, name: 'Weekday mornings', cron: '0 9 * * 1-5', timezone: 'Europe/Berlin', inputs: { in: 'hi' } });
    expect(schedule).toEqual({
      id: expect.any(String),
      workflowId,
      workflowName: 'Greeting',
      name: 'Weekday mornings',
      enabled: true,
      cron: '0 9 * * 1-5',
      intervalSeconds: null,
      runAt: null,
      timezone: 'Europe/Berlin',
      inputs: { in: 'hi' },
      overlapPolicy: 'skip',
      catchUpPolicy: 'skip',
      catchUpWindowSeconds: null,
      pauseAfterFailures: 0,
      jitterSeconds: 0,
      startAt: null,
      endAt: null,
      // 11:00 in Berlin on Monday: 09:00 has passed, so Tuesday to Friday, then Monday.
      nextRuns: [
        '2026-11-24T09:00:00+01:00',
        '2026-11-25T09:00:00+01:00',
        '2026-11-26T09:00:00+01:00',
        '2026-11-27T09:00:00+01:00',
        '2026-11-30T09:00:00+01:00',
      ],
      lastRun: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it('lists the caller’s schedules as a bare array, filtered by ?workflow_id=', async () => {
    const user = await signUp(weft());
    const first = await createWorkflow(user, 'First');
    const second = await createWorkflow(user, 'Second');
    // The list is in creation order.
    const a = await createSchedule(user, { workflowId: first, intervalSeconds: 300 });
    clock.advance(1);
    const b = await createSchedule(user, { workflowId: first, cron: '*/10 * * * *' });
    clock.advance(1);
    const c = await createSchedule(user, { workflowId: second, runAt: '2026-12-01T08:00:00Z' });

    const all = await call(user.headers, 'GET', '/api/schedules');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((s: { id: string }) => s.id)).toEqual([a.id, b.id, c.id]);
    const filtered = await call(user.headers, 'GET', `/api/schedules?workflow_id=${first}`);
    expect(filtered.json().map((s: { id: string }) => s.id)).toEqual([a.id, b.id]);

    expect(a).toMatchObject({
      name: 'Every 300 s',
      intervalSeconds: 300,
      timezone: 'UTC',
      nextRuns: ['2026-11-23T10:05:00+00:00', expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
    });
    expect(c).toMatchObject({ runAt: '2026-12-01T08:00:00.000Z', nextRuns: ['2026-12-01T08:00:00+00:00'] });

    // The dashboard's Schedule column: the schedule that fires next, and how many there are.
    const workflows = (await call(user.headers, 'GET', '/api/workflows')).json().workflows as { id: string; schedule: unknown }[];
    expect(workflows.find((w) => w.id === first)?.schedule).toEqual({
      count: 2,
      enabled: 2,
      nextRunAt: '2026-11-23T10:05:00.000Z',
      cron: null,
      intervalSeconds: 300,
      runAt: null,
      timezone: 'UTC',
    });
    expect(workflows.find((w) => w.id === second)?.schedule).toMatchObject({
      count: 1,
      nextRunAt: '2026-12-01T08:00:00.000Z',
      runAt: '2026-12-01T08:00:00.000Z',
    });
  });

  it('takes a blank name as no name: the default, which follows the timing while unnamed', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    // The editor's form sends its "Optional" name as typed: blank when left empty.
    const unnamed = await createSchedule(user, { workflowId, name: '  ', cron: '0 9 * * *' });
    expect(unnamed.name).toBe('Cron 0 9 * * *');
    const put = (id: string, body: object) => call(user.headers, 'PUT', `/api/schedules/${id}`, body).then((r) => r.json());
    expect(await put(unnamed.id, { cron: '0 10 * * *' })).toMatchObject({ name: 'Cron 0 10 * * *' });
    expect(await put(unnamed.id, { name: 'Mornings' })).toMatchObject({ name: 'Mornings' });
    // A given name stays when the timing changes; clearing it gives the default back.
    expect(await put(unnamed.id, { intervalSeconds: 3600 })).toMatchObject({ name: 'Mornings' });
    expect(await put(unnamed.id, { name: '' })).toMatchObject({ name: 'Every 3600 s' });
  });

  describe('bad input answers 400 with a detail that names the field', () => {
    it.each([
      [{ cron: '61 * * * *' }, 'Cron expression `61 * * * *`: minute must be 0–59'],
      [{ cron: '0 9 * *' }, 'Cron expression `0 9 * *`: give 5 fields (minute hour day month weekday) or 6 (with seconds first), not 4'],
      [{ cron: '0 9 * * *', timezone: 'Europe/Berln' }, 'Unknown time zone `Europe/Berln`. Use an IANA name such as Europe/Berlin or America/New_York'],
      [{ cron: '0 9 * * *', intervalSeconds: 60 }, 'Give one timing: cron, intervalSeconds or runAt, not several'],
      [{}, 'Give the timing: cron (e.g. "0 9 * * 1-5"), intervalSeconds (e.g. 300) or runAt (an ISO date-time)'],
      [{ intervalSeconds: 0 }, 'intervalSeconds: Interval must be a whole number of seconds, at least 1 (got 0)'],
      [{ runAt: 'tomorrow' }, 'runAt: runAt must be an ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z (got `tomorrow`)'],
      [{ runAt: '2026-11-01T00:00:00Z' }, 'runAt: 2026-11-01T00:00:00.000Z is in the past; pick a time to come'],
      [{ cron: '0 9 * * *', startAt: '2026-12-02T00:00:00Z', endAt: '2026-12-01T00:00:00Z' }, 'endAt must be after startAt'],
      [{ cron: '0 9 * * *', overlapPolicy: 'sometimes' }, 'overlapPolicy: overlapPolicy must be one of skip, buffer_one, buffer_all, cancel_other, allow_all'],
      [{ cron: '0 9 * * *', inputs: 'hello' }, 'inputs: inputs must be an object of values by node id, e.g. { "in": "hello" }'],
      [
        { cron: '0 9 * * *', timeZone: 'UTC' },
        'Unknown field `timeZone`. A schedule takes: workflowId, name, enabled, cron, intervalSeconds, runAt, timezone, inputs, overlapPolicy, catchUpPolicy, catchUpWindowSeconds, pauseAfterFailures, jitterSeconds, startAt, endAt',
      ],
    ])('%j', async (fields, detail) => {
      const user = await signUp(weft());
      const workflowId = await createWorkflow(user);
      const res = await call(user.headers, 'POST', '/api/schedules', { workflowId, ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail, message: detail });
      expect((await call(user.headers, 'GET', '/api/schedules')).json()).toEqual([]);
    });

    it('a missing or foreign workflow, and a body that is not an object', async () => {
      const owner = await signUp(weft());
      const other = await signUp(weft());
      const foreign = await createWorkflow(other);
      expect((await call(owner.headers, 'POST', '/api/schedules', { cron: '0 9 * * *' })).json().detail).toBe(
        'workflowId: workflowId is required: the id of the workflow to run',
      );
      const res = await call(owner.headers, 'POST', '/api/schedules', { workflowId: foreign, cron: '0 9 * * *' });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('workflowId: no workflow of yours has this id');
      const notObject = await weft().app.inject({
        method: 'POST',
        url: '/api/schedules',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: '[1]',
      });
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json().detail).toMatch(/^Send the schedule as a JSON object/);
    });
  });

  it('updates only the fields sent; a new timing recomputes the next runs; unknown fields are refused', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const { id } = await createSchedule(user, { workflowId, cron: '0 9 * * *', name: 'Daily' });

    const renamed = await call(user.headers, 'PUT', `/api/schedules/${id}`, { name: 'Daily report', overlapPolicy: 'queue' });
    expect(renamed.statusCode).toBe(200);
    // The first release's name is still taken, and answered by today's (Temporal's).
    expect(renamed.json()).toMatchObject({
      name: 'Daily report',
      overlapPolicy: 'buffer_one',
      cron: '0 9 * * *',
      nextRuns: expect.arrayContaining(['2026-11-24T09:00:00+00:00']),
    });

    clock.advance(60_000);
    const retimed = await call(user.headers, 'PUT', `/api/schedules/${id}`, { intervalSeconds: 3600, cron: null });
    expect(retimed.json()).toMatchObject({ cron: null, intervalSeconds: 3600, name: 'Daily report', updatedAt: clock.now().toISOString() });
    // Intervals count from the change.
    expect(retimed.json().nextRuns[0]).toBe('2026-11-23T11:01:00+00:00');

    const typo = await call(user.headers, 'PUT', `/api/schedules/${id}`, { enabeld: false });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().detail).toMatch(/^Unknown field `enabeld`/);
    const badCron = await call(user.headers, 'PUT', `/api/schedules/${id}`, { cron: '0 25 * * *', intervalSeconds: null });
    expect(badCron.json().detail).toBe('Cron expression `0 25 * * *`: hour must be 0–23');
    expect((await call(user.headers, 'GET', `/api/schedules/${id}`)).json()).toMatchObject({ intervalSeconds: 3600, enabled: true });
  });

  it('pause and resume accept application/json with no body, as SPEC.md §7’s client sends them', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const { id } = await createSchedule(user, { workflowId, cron: '*/5 * * * *' });
    const noBody = (action: string) =>
      weft().app.inject({ method: 'POST', url: `/api/schedules/${id}/${action}`, headers: { ...user.headers, 'content-type': 'application/json' } });

    const paused = await noBody('pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id, enabled: false, nextRuns: [] });
    const resumed = await noBody('resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ id, enabled: true, nextRuns: expect.arrayContaining(['2026-11-23T10:05:00+00:00']) });
    // An empty JSON body elsewhere is no body, too; a broken one is still refused.
    const broken = await weft().app.inject({
      method: 'POST',
      url: `/api/schedules/${id}/pause`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBeTruthy();
  });

  it('another user’s schedule answers 404 on every route and never shows in their list', async () => {
    const owner = await signUp(weft());
    const stranger = await signUp(weft());
    const workflowId = await createWorkflow(owner);
    const { id } = await createSchedule(owner, { workflowId, cron: '0 9 * * *' });
    const attempts = [
      call(stranger.headers, 'GET', `/api/schedules/${id}`),
      call(stranger.headers, 'PUT', `/api/schedules/${id}`, { name: 'mine now' }),
      call(stranger.headers, 'POST', `/api/schedules/${id}/pause`),
      call(stranger.headers, 'POST', `/api/schedules/${id}/resume`),
      call(stranger.headers, 'DELETE', `/api/schedules/${id}`),
      call(stranger.headers, 'GET', `/api/schedules/${id}/ticks`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Schedule not found');
    }
    expect((await call(stranger.headers, 'GET', '/api/schedules')).json()).toEqual([]);
    expect((await call(stranger.headers, 'GET', `/api/schedules?workflow_id=${workflowId}`)).json()).toEqual([]);
    // A stranger cannot move their own schedule onto the owner's workflow either.
    const theirs = await createSchedule(stranger, { workflowId: await createWorkflow(stranger), cron: '0 9 * * *' });
    const moved = await call(stranger.headers, 'PUT', `/api/schedules/${theirs.id}`, { workflowId });
    expect(moved.statusCode).toBe(400);
    expect((await call(owner.headers, 'GET', `/api/schedules/${id}`)).json()).toMatchObject({ name: 'Cron 0 9 * * *', enabled: true });
  });

  it('deletes a schedule; deleting its workflow deletes the rest', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const a = await createSchedule(user, { workflowId, cron: '0 9 * * *' });
    await createSchedule(user, { workflowId, cron: '0 10 * * *' });
    expect((await call(user.headers, 'DELETE', `/api/schedules/${a.id}`)).statusCode).toBe(204);
    expect((await call(user.headers, 'DELETE', `/api/schedules/${a.id}`)).statusCode).toBe(404);
    expect(await call(user.headers, 'GET', '/api/schedules').then((r) => r.json().length)).toBe(1);
    expect((await call(user.headers, 'DELETE', `/api/workflows/${workflowId}`)).statusCode).toBe(204);
    expect((await call(user.headers, 'GET', '/api/schedules')).json()).toEqual([]);
  });

  it('without a session or key every route answers 401 with the SPEC.md §8 message; an API key works', async () => {
    for (const [method, url] of [
      ['GET', '/api/schedules'],
      ['POST', '/api/schedules'],
      ['PUT', '/api/schedules/x'],
      ['POST', '/api/schedules/x/pause'],
      ['POST', '/api/schedules/x/resume'],
      ['DELETE', '/api/schedules/x'],
    ] as const) {
      const res = await call({}, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().detail).toBe('Authentication required. Please log in again.');
    }
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const key = await call(user.headers, 'POST', '/api/api-keys', { name: 'cron job' });
    const keyHeaders = { authorization: `Bearer ${key.json().token}` };
    const created = await call(keyHeaders, 'POST', '/api/schedules', { workflowId, cron: '0 9 * * *' });
    expect(created.statusCode).toBe(201);
    expect((await call(keyHeaders, 'GET', '/api/schedules')).json()).toHaveLength(1);
  });

  it('a session cookie without the CSRF header cannot change schedules', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const cookieOnly = { cookie: `weft_session=${user.token}` };
    const res = await call(cookieOnly, 'POST', '/api/schedules', { workflowId, cron: '0 9 * * *' });
    expect(res.statusCode).toBe(403);
    const withCsrf = await call({ ...cookieOnly, 'x-csrf-token': user.csrfToken }, 'POST', '/api/schedules', { workflowId, cron: '0 9 * * *' });
    expect(withCsrf.statusCode).toBe(201);
  });
});
