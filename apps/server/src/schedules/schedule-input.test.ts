import { cronIssue, MAX_INTERVAL_SECONDS } from '@weft/core';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ManualClock } from '../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';

/** Monday 23 November 2026, 10:00 UTC. */
const NOW = '2026-11-23T10:00:00.000Z';
const PAST = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date(Date.parse(NOW) - 1000), noInvalidDate: true });

/** Not an ISO 8601 date-time with a zone, or one out of the years 1970–9999, or not a day of the calendar. */
const badDate = fc.oneof(
  fc.constantFrom(
    'tomorrow',
    '1',
    'NaN',
    '',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-12-01T24:00:00Z',
    '2026-12-01T09:00:00',
    '2026-12-01',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    '1969-12-31T23:59:59Z',
    '2026-12-01T09:00:00+25:00',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.boolean(),
  fc.constant({}),
);

/** A bad value of one field, the body it goes in, and what the refusal must name. */
interface BadInput {
  field: string;
  body: Record<string, unknown>;
  names: RegExp;
}

const CRON = { cron: '0 9 * * *' };
const bad = (field: string, names: RegExp, values: fc.Arbitrary<unknown>, base: Record<string, unknown> = CRON): fc.Arbitrary<BadInput> =>
  values.map((value) => ({ field, body: { ...base, [field]: value }, names }));

const BAD_INPUTS: fc.Arbitrary<BadInput> = fc.oneof(
  bad(
    'intervalSeconds',
    /intervalSeconds/,
    fc.oneof(
      fc.constantFrom(1e20, 1e308, Number.MAX_SAFE_INTEGER, 0, -0, -1, 0.5, 59.999, 'NaN', 'Infinity', '1e20', '60', '', true, [60], {}),
      fc.integer({ min: MAX_INTERVAL_SECONDS + 1 }),
      fc.integer({ max: 0 }),
      // Whole and allowed by its kind, but more often than WEFT_SCHEDULE_MIN_INTERVAL_SECONDS (60).
      fc.integer({ min: 1, max: 59 }),
      fc.double({ min: 1, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
    ),
    {},
  ),
  bad(
    'cron',
    /cron|Cron expression/,
    fc.oneof(
      fc.constantFrom('61 * * * *', '* * *', '* * * * * * *', '0 0 30 2 *', '0 0 31 4 *', '* * * * * *', '*/30 * * * * *', '0,59 * * * * *', 5, null, ''),
      fc.string({ maxLength: 30 }).filter((text) => cronIssue(text) !== undefined),
    ),
    {},
  ),
  bad(
    'timezone',
    /time ?zone/i,
    fc.oneof(fc.constantFrom('Europe/Berln', 'Mars/Olympus', '+05:00', 'UTC\u0000', '', ' ', 'a'.repeat(65), '../../etc/passwd', 3, null)),
  ),
  bad(
    'runAt',
    /runAt/,
    fc.oneof(
      badDate,
      PAST.map((date) => date.toISOString()),
    ),
    {},
  ),
  bad('startAt', /startAt/, badDate),
  bad('endAt', /endAt/, badDate),
  // A window that ends before it starts.
  fc
    .tuple(fc.date({ min: new Date('2027-01-01T00:00:00Z'), max: new Date('2099-01-01T00:00:00Z'), noInvalidDate: true }), fc.nat({ max: 10 ** 9 }))
    .map(([start, back]) => ({
      field: 'window',
      body: { ...CRON, startAt: start.toISOString(), endAt: new Date(start.getTime() - back * 1000).toISOString() },
      names: /endAt must be after startAt/,
    })),
  bad('enabled', /enabled/, fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
  // A blank name is no name (the default one, schedules.routes.test.ts), not a mistake.
  bad('name', /name/, fc.oneof(fc.integer(), fc.constantFrom(null, 'n'.repeat(201)))),
  bad('inputs', /inputs/, fc.oneof(fc.string(), fc.integer(), fc.array(fc.integer()), fc.constantFrom(null, { in: 'x'.repeat(70_000) }))),
  bad(
    'overlapPolicy',
    /overlapPolicy/,
    fc.string().filter((text) => !['skip', 'queue', 'allow'].includes(text)),
  ),
  bad(
    'catchUpPolicy',
    /catchUpPolicy/,
    fc.string().filter((text) => !['skip', 'run_once'].includes(text)),
  ),
  bad('workflowId', /workflowId/, fc.oneof(fc.uuid(), fc.integer(), fc.constantFrom('', 'w'.repeat(101)))),
  // Two timings at once, and a field nobody knows (a typo must not be stored silently).
  fc.constant({ field: 'timings', body: { cron: '0 9 * * *', intervalSeconds: 3600 }, names: /one timing/ }),
  fc
    .string({ minLength: 1, maxLength: 20 })
    .filter((key) => !/^(workflowId|name|enabled|cron|intervalSeconds|runAt|timezone|inputs|overlapPolicy|catchUpPolicy|startAt|endAt|__proto__)$/.test(key))
    .map((key) => ({ field: 'unknown', body: { ...CRON, [key]: 1 }, names: /Unknown field/ })),
);

/**
 * Issue 19: of 54 bad schedule inputs some answered 500 (an interval of 1e20), and one was
 * stored anyway and broke its owner's list. Every bad input is a 4xx naming the field, and
 * nothing is stored or changed.
 */
describeEachDatabase('bad schedule inputs', (database) => {
  const weft = useTestWeft(database, { clock: new ManualClock(NOW), env: { WEFT_SCHEDULER: 'off' } });
  const call = (user: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const setUp = async () => {
    const user = await signUp(weft());
    const created = await call(user, 'POST', '/api/workflows', greetingWorkflow('Greeting'));
    return { user, workflowId: created.json().workflow.id as string };
  };

  it('refuses each with a 400 naming the field, and stores nothing', async () => {
    const { user, workflowId } = await setUp();
    await fc.assert(
      fc.asyncProperty(BAD_INPUTS, async ({ body, names }) => {
        const res = await call(user, 'POST', '/api/schedules', { workflowId, ...body });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().detail).toMatch(names);
        expect((await call(user, 'GET', '/api/schedules')).json()).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses each as a change too, leaving the schedule as it was', async () => {
    const { user, workflowId } = await setUp();
    const created = await call(user, 'POST', '/api/schedules', { workflowId, cron: '0 9 * * *', name: 'Mornings' });
    expect(created.statusCode).toBe(201);
    const before = created.json();
    // A null timing in a change keeps the stored one (it is not a mistake there).
    const changes = BAD_INPUTS.filter(({ body }) => !Object.values(body).includes(null));
    await fc.assert(
      fc.asyncProperty(changes, async ({ body, names }) => {
        const res = await call(user, 'PUT', `/api/schedules/${before.id}`, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().detail).toMatch(names);
        expect((await call(user, 'GET', `/api/schedules/${before.id}`)).json()).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it('answers any JSON in any field with a 201 or a 4xx, never a 500', async () => {
    const { user, workflowId } = await setUp();
    const fields = ['name', 'enabled', 'cron', 'intervalSeconds', 'runAt', 'timezone', 'inputs', 'overlapPolicy', 'catchUpPolicy', 'startAt', 'endAt'];
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }), async (body) => {
        const res = await call(user, 'POST', '/api/schedules', { workflowId, ...body });
        expect([201, 400], res.body).toContain(res.statusCode);
        if (res.statusCode === 201) expect((await call(user, 'DELETE', `/api/schedules/${res.json().id}`)).statusCode).toBe(204);
        expect((await call(user, 'GET', '/api/schedules')).statusCode).toBe(200);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    [{ intervalSeconds: 1e20 }, 'intervalSeconds: Interval must be at most 315360000 seconds (ten years), got 100000000000000000000'],
    [{ intervalSeconds: 30 }, 'intervalSeconds: every 30 s, more often than this Weft allows: at least 60 s between runs (WEFT_SCHEDULE_MIN_INTERVAL_SECONDS)'],
    [
      { cron: '*/5 * * * * *' },
      'cron: `*/5 * * * * *` runs every 5 s at its most frequent, more often than this Weft allows: at least 60 s between runs (WEFT_SCHEDULE_MIN_INTERVAL_SECONDS)',
    ],
    [{ cron: '0 0 30 2 *' }, 'Cron expression `0 0 30 2 *`: no date matches it, so it would never run'],
    [{ cron: '0 9 * * *', startAt: '2026-02-30T00:00:00Z' }, 'startAt: startAt: 2026-02-30 is not a day of the calendar'],
    [{ cron: '0 9 * * *', endAt: '+275760-09-13T00:00:00.000Z' }, /^endAt: endAt must be an ISO 8601 date-time with a zone/],
    [{ runAt: '10000-01-01T00:00:00Z' }, /^runAt: runAt must be an ISO 8601 date-time with a zone/],
  ])('%j', async (fields, detail) => {
    const { user, workflowId } = await setUp();
    const res = await call(user, 'POST', '/api/schedules', { workflowId, ...fields });
    expect(res.statusCode).toBe(400);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
  });
});
