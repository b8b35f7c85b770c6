/**
 * The schedule store against a real Weft: the store's own `api()` calls go through a
 * `fetch` that hands each request to the server in process (`inject`), carrying the session
 * cookie the way a browser does. Nothing of the web or server path is replaced.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertWorkflow } from '../../../server/src/test-support/run-fixtures.js';
import { sessionCookieFrom, startTestWeft, type TestWeft, uniqueEmail } from '../../../server/src/test-support/test-weft.js';
import { greetingWorkflow } from '../../../server/src/test-support/workflow-fixtures.js';
import { setCsrfToken, setUnauthorizedHandler } from '../lib/api';
import { useAuthStore } from './auth.store';
import { scheduleFailure, useScheduleStore } from './schedule.store';

let weft: TestWeft;
let cookie = '';
/** Answers to send instead of the server's, for failures a server does not produce on demand. */
let override: Response | undefined;
const realFetch = globalThis.fetch;

function browserFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (override) return Promise.resolve(override);
  const headers = { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) };
  return weft.app
    .inject({ method: (init.method ?? 'GET') as 'GET', url: String(input), headers, ...(init.body ? { payload: init.body as string } : {}) })
    .then((answer) => new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, statusText: answer.statusMessage }));
}

async function signIn(): Promise<string> {
  const answer = await weft.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: uniqueEmail(), password: 'correct horse', subscribe: false },
  });
  const body = answer.json() as { csrfToken: string; user: { id: string } };
  cookie = sessionCookieFrom(answer);
  setCsrfToken(body.csrfToken);
  return body.user.id;
}

beforeAll(async () => {
  weft = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });
  globalThis.fetch = browserFetch as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await weft?.close();
});
afterEach(() => {
  override = undefined;
  setUnauthorizedHandler(null);
  useScheduleStore.getState().reset();
});

describe('schedule store (SPEC.md §4, §8)', () => {
  it('creates, lists by workflow, updates, pauses and resumes, deletes', async () => {
    const userId = await signIn();
    const first = await insertWorkflow(weft, userId, greetingWorkflow('First'));
    const second = await insertWorkflow(weft, userId, greetingWorkflow('Second'));
    const store = useScheduleStore.getState;

    await store().load(first);
    expect(store()).toMatchObject({ schedules: [], loading: false, error: null, workflowId: first });
    const created = await store().create({ workflowId: first, name: 'Mornings', cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' });
    expect(created.id).toBeTruthy();
    // The list was reloaded after the create, for the workflow it was loaded for.
    expect(store().schedules.map((s) => s.id)).toEqual([created.id]);
    await store().create({ workflowId: second, intervalSeconds: 3600 });
    expect(store().schedules).toHaveLength(1);
    await store().load();
    expect(store().schedules.map((s) => s.workflowName)).toEqual(['First', 'Second']);

    const updated = await store().update(created.id, { cron: '30 8 * * *' });
    expect(updated.cron).toBe('30 8 * * *');
    expect(store().schedules.find((s) => s.id === created.id)?.cron).toBe('30 8 * * *');

    await store().pause(created.id);
    expect(store().schedules.find((s) => s.id === created.id)).toMatchObject({ enabled: false, nextRuns: [] });
    await store().resume(created.id);
    expect(store().schedules.find((s) => s.id === created.id)?.enabled).toBe(true);

    await store().remove(created.id);
    expect(store().schedules.map((s) => s.workflowName)).toEqual(['Second']);
  });

  it("keeps the server's detail for a refused change and leaves the list as it was", async () => {
    const userId = await signIn();
    const workflowId = await insertWorkflow(weft, userId, greetingWorkflow());
    const store = useScheduleStore.getState;
    await store().load(workflowId);
    await expect(store().create({ workflowId, cron: '61 * * * *' })).rejects.toThrow('Cron expression `61 * * * *`: minute must be 0–59');
    expect(store().error).toBe('Cron expression `61 * * * *`: minute must be 0–59');
    // A limit of this Weft's (issue 19): the form shows these words, the setting among them.
    await expect(store().create({ workflowId, cron: '*/5 * * * * *' })).rejects.toThrow(
      'cron: `*/5 * * * * *` runs every 5 s at its most frequent, more often than this Weft allows: at least 60 s between runs (WEFT_SCHEDULE_MIN_INTERVAL_SECONDS)',
    );
    const created = await store().create({ workflowId, cron: '* * * * *' });
    expect(store().error).toBeNull();

    await expect(store().update(created.id, { timezone: 'Europe/Berln' })).rejects.toThrow(/Unknown time zone `Europe\/Berln`/);
    expect(store().schedules[0]?.timezone).toBe('UTC');
    // Pause of a schedule that is not there: the server's 404 detail, and nothing changes locally.
    await expect(store().pause('missing')).rejects.toThrow('Schedule not found');
    expect(store().schedules[0]?.enabled).toBe(true);
  });

  it('a failed list load empties the list; an answer without detail reads "Failed to … schedule: status text"', async () => {
    const userId = await signIn();
    const workflowId = await insertWorkflow(weft, userId, greetingWorkflow());
    const store = useScheduleStore.getState;
    await store().create({ workflowId, cron: '* * * * *' });
    await store().load();
    expect(store().schedules).toHaveLength(1);

    override = new Response('<html>upstream down</html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(store().load()).rejects.toThrow('Failed to list schedule: Bad Gateway');
    expect(store()).toMatchObject({ schedules: [], loading: false, error: 'Failed to list schedule: Bad Gateway' });
    override = new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(store().resume('x')).rejects.toThrow('Failed to resume schedule: Service Unavailable');
  });

  it('without a session: "Authentication required. Please log in again." and the app is told', async () => {
    await signIn();
    cookie = '';
    let told = 0;
    setUnauthorizedHandler(() => {
      told += 1;
    });
    await expect(useScheduleStore.getState().load()).rejects.toThrow('Authentication required. Please log in again.');
    expect(useScheduleStore.getState().error).toBe('Authentication required. Please log in again.');
    expect(told).toBe(1);
  });

  it('sign-out resets the store', async () => {
    const userId = await signIn();
    const workflowId = await insertWorkflow(weft, userId, greetingWorkflow());
    await useScheduleStore.getState().create({ workflowId, cron: '* * * * *' });
    await useScheduleStore.getState().load();
    expect(useScheduleStore.getState().schedules).toHaveLength(1);
    await useAuthStore.getState().signOut();
    expect(useScheduleStore.getState()).toMatchObject({ schedules: [], error: null, workflowId: null, loading: false });
  });

  it('words failures the server did not explain', () => {
    expect(scheduleFailure('delete', new Error('boom'))).toBe('Failed to delete schedule: boom');
  });
});
