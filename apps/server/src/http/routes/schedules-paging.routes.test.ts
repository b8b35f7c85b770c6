import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

/** Monday 23 November 2026, 10:00 UTC. */
const NOW = '2026-11-23T10:00:00.000Z';

interface Listed {
  id: string;
  workflowId: string;
  enabled: boolean;
  createdAt: string;
}

describeEachDatabase('schedule list pages (docs/API.md "Schedules")', (database) => {
  const clock = new ManualClock(NOW);
  // No per-user limit: a page of 100 needs more than the default 100 schedules.
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off', WEFT_SCHEDULES_PER_USER: '0' } });

  const call = (user: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createWorkflow = async (user: SignedIn, name = 'Greeting') => {
    const res = await call(user, 'POST', '/api/workflows', greetingWorkflow(name));
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };
  /** `count` schedules; `tick` moves the clock on after every `tick` of them (0: all at one instant, ties broken by id). */
  const createSchedules = async (user: SignedIn, workflowId: string, count: number, tick = 0) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await call(user, 'POST', '/api/schedules', { workflowId, name: `s${i}`, intervalSeconds: 3600 });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
      if (tick > 0 && (i + 1) % tick === 0) clock.advance(1);
    }
    return ids;
  };
  /** Every page of `url`, following X-Next-Cursor; checks Link says the same. */
  const allPages = async (user: SignedIn, url: string) => {
    const pages: Listed[][] = [];
    let next: string | null = url;
    while (next) {
      const res = await call(user, 'GET', next);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      const cursor = res.headers['x-next-cursor'] as string | undefined;
      if (cursor === undefined) {
        expect(res.headers.link).toBeUndefined();
        next = null;
      } else {
        const link = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link))?.[1];
        expect(new URL(link ?? '', 'http://x').searchParams.get('cursor')).toBe(cursor);
        next = link ?? null;
      }
    }
    return pages;
  };
  const ids = (pages: Listed[][]) => pages.flat().map((s) => s.id);
  /** The list order: creation time, then id. */
  const inListOrder = (rows: Listed[]) =>
    [...rows].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1)).map((s) => s.id);

  it('pages through the list in creation order, ties broken by id, with the cursor in X-Next-Cursor and Link', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    // 7 schedules over 3 instants: ties in created_at inside a page and across a page boundary.
    const created = await createSchedules(user, workflowId, 7, 3);
    const pages = await allPages(user, '/api/schedules?limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    const listed = pages.flat();
    expect(new Set(ids(pages))).toEqual(new Set(created));
    expect(ids(pages)).toEqual(inListOrder(listed));
    // One page of the default size holds them all, in the same order, with no cursor.
    const whole = await call(user, 'GET', '/api/schedules');
    expect(whole.headers['x-next-cursor']).toBeUndefined();
    expect(whole.json().map((s: Listed) => s.id)).toEqual(ids(pages));
    // A page that ends exactly at the last row says no more.
    const exact = await allPages(user, '/api/schedules?limit=7');
    expect(exact.map((page) => page.length)).toEqual([7]);
  });

  it('answers 100 a page by default and at most 500', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    await createSchedules(user, workflowId, 101, 10);
    const first = await call(user, 'GET', '/api/schedules');
    expect(first.json()).toHaveLength(100);
    expect(first.headers.link).toContain('limit=100');
    const rest = await call(user, 'GET', `/api/schedules?cursor=${first.headers['x-next-cursor']}`);
    expect(rest.json()).toHaveLength(1);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    const big = await call(user, 'GET', '/api/schedules?limit=500');
    expect(big.json()).toHaveLength(101);
  });

  it('pages a workflow’s schedules and paused or enabled ones, the filters kept in Link', async () => {
    const user = await signUp(weft());
    const first = await createWorkflow(user, 'First');
    const second = await createWorkflow(user, 'Second');
    const ofFirst = await createSchedules(user, first, 3, 1);
    const ofSecond = await createSchedules(user, second, 3, 1);
    for (const id of [ofFirst[0], ofSecond[1], ofSecond[2]]) expect((await call(user, 'POST', `/api/schedules/${id}/pause`)).statusCode).toBe(200);

    const byWorkflow = await allPages(user, `/api/schedules?workflow_id=${second}&limit=1`);
    expect(ids(byWorkflow)).toEqual(ofSecond);
    const paused = await allPages(user, '/api/schedules?status=paused&limit=2');
    expect(ids(paused)).toEqual([ofFirst[0], ofSecond[1], ofSecond[2]]);
    expect(paused.flat().every((s) => !s.enabled)).toBe(true);
    const enabled = await allPages(user, '/api/schedules?status=enabled&limit=1');
    expect(ids(enabled)).toEqual([ofFirst[1], ofFirst[2], ofSecond[0]]);
    const both = await allPages(user, `/api/schedules?workflow_id=${second}&status=paused&limit=1`);
    expect(ids(both)).toEqual([ofSecond[1], ofSecond[2]]);
  });

  it('never shows another user’s schedules, whatever cursor or workflow is asked for', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const mine = await createWorkflow(owner);
    const theirs = await createWorkflow(other);
    // Made in turns, so the other user's rows sit between the owner's in time.
    const owned: string[] = [];
    for (let i = 0; i < 4; i++) {
      owned.push(...(await createSchedules(owner, mine, 1)));
      clock.advance(1);
      await createSchedules(other, theirs, 1);
      clock.advance(1);
    }
    const pages = await allPages(owner, '/api/schedules?limit=3');
    expect(ids(pages)).toEqual(owned);
    // A cursor is a place in the list, not a key: the other user's pages from it hold only their own.
    const cursor = (await call(owner, 'GET', '/api/schedules?limit=1')).headers['x-next-cursor'];
    const fromThere = (await call(other, 'GET', `/api/schedules?cursor=${cursor}`)).json() as Listed[];
    expect(fromThere).toHaveLength(4);
    expect(fromThere.every((s) => s.workflowId === theirs)).toBe(true);
    expect((await call(other, 'GET', `/api/schedules?workflow_id=${mine}`)).json()).toEqual([]);
  });

  describe('bad paging answers 400 with what to send instead', () => {
    const limit = 'limit: Give a whole number from 1 to 500, or leave it out for 100';
    const cursor = 'cursor: not a cursor this server gave out. Pass the X-Next-Cursor header of the previous page, or leave cursor out for the first page.';
    it.each([
      ['limit=0', limit],
      ['limit=501', limit],
      ['limit=ten', limit],
      ['limit=2.5', limit],
      ['limit=', limit],
      ['cursor=nonsense', cursor],
      [`cursor=${Buffer.from('yesterday|abc').toString('base64url')}`, cursor],
      [`cursor=${Buffer.from(`${NOW}|a|b`).toString('base64url')}`, cursor],
      ['status=sleeping', 'status: Give enabled or paused, or leave status out for both'],
    ])('?%s', async (query, detail) => {
      const user = await signUp(weft());
      const res = await call(user, 'GET', `/api/schedules?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: detail, detail });
    });
  });

  it('sums the workflow list’s schedule column over every schedule, paused ones too', async () => {
    const user = await signUp(weft());
    const busy = await createWorkflow(user, 'Busy');
    const resting = await createWorkflow(user, 'Resting');
    // Busy: an hourly interval (next about 11:00 UTC) made first, then a cron at 11:30 in Berlin (10:30 UTC), which fires sooner.
    await createSchedules(user, busy, 1);
    const soon = await call(user, 'POST', '/api/schedules', { workflowId: busy, cron: '30 11 * * *', timezone: 'Europe/Berlin' });
    expect(soon.statusCode).toBe(201);
    const paused = await call(user, 'POST', '/api/schedules', { workflowId: busy, cron: '1 10 * * *' });
    await call(user, 'POST', `/api/schedules/${paused.json().id}/pause`);
    // Resting: two paused schedules; the column shows the older one's timing and no next run.
    const [older] = await createSchedules(user, resting, 1, 1);
    const newer = await call(user, 'POST', '/api/schedules', { workflowId: resting, cron: '0 9 * * *' });
    for (const id of [newer.json().id, older]) await call(user, 'POST', `/api/schedules/${id}/pause`);

    const workflows = (await call(user, 'GET', '/api/workflows')).json().workflows as { id: string; schedule: unknown }[];
    expect(workflows.find((w) => w.id === busy)?.schedule).toEqual({
      count: 3,
      enabled: 2,
      nextRunAt: '2026-11-23T10:30:00.000Z',
      cron: '30 11 * * *',
      intervalSeconds: null,
      runAt: null,
      timezone: 'Europe/Berlin',
    });
    expect(workflows.find((w) => w.id === resting)?.schedule).toEqual({
      count: 2,
      enabled: 0,
      nextRunAt: null,
      cron: null,
      intervalSeconds: 3600,
      runAt: null,
      timezone: 'UTC',
    });
  });
});
