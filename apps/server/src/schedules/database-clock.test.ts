import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../platform/clock.js';
import { ExecutionHistory } from '../runs/execution-history.repository.js';
import { insertWorkflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, signUp, useTestWeft } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { Scheduler } from './scheduler.js';
import { SchedulesRepository } from './schedules.repository.js';

/** A process clock `offsetMs` off the true time, which a test may step. */
function offClock(offsetMs: number): Clock & { offsetMs: number } {
  const clock = { offsetMs, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}

/** Issue 21: ticks are judged by the database's clock, not by the clock of the process that looks. */
describeEachDatabase('scheduler on the database clock', (database) => {
  const weft = useTestWeft(database, { env: { WEFT_SCHEDULER: 'off' } });

  it('a process whose clock is 90 s fast, then stepped 300 s on, neither fires early nor calls real ticks missed', async () => {
    const db = weft().services.db;
    const repository = new SchedulesRepository(db, { runs: new ExecutionHistory(db), workflows: new WorkflowsRepository(db) });
    const clock = offClock(90_000);
    const fast = new Scheduler({
      repository,
      runs: weft().services.runs,
      clock,
      timeSource: () => repository.databaseNow(),
      logger: pino({ level: 'silent' }),
      graceMs: 60_000,
    });
    const user = await signUp(weft());
    const workflowId = await insertWorkflow(weft(), user.userId, greetingWorkflow());
    const created = await weft().app.inject({ method: 'POST', url: '/api/schedules', headers: user.headers, payload: { workflowId, cron: '0 0 1 1 *' } });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id as string;
    const dueIn = async (ms: number) => {
      const next = new Date((await repository.databaseNow()).getTime() + ms).toISOString();
      await db.updateTable('schedules').set({ next_fire_at: next }).where('id', '=', scheduleId).execute();
      return next;
    };
    const ticks = () => db.selectFrom('schedule_ticks').select(['scheduled_for', 'outcome']).where('schedule_id', '=', scheduleId).execute();

    // Due in 60 s by the database: this process's clock says 30 s ago, and it does not fire.
    const instant = await dueIn(60_000);
    expect(clock.now().getTime()).toBeGreaterThan(Date.parse(instant));
    expect(await fast.runDue()).toMatchObject({ started: 0, missed: 0 });
    clock.offsetMs += 300_000;
    expect(await fast.runDue()).toMatchObject({ started: 0, missed: 0 });
    expect(await ticks()).toEqual([]);

    // Due a second ago by the database: it fires once and misses nothing; the next is on 1 January.
    const due = await dueIn(-1_000);
    expect(await fast.runDue()).toMatchObject({ started: 1, missed: 0 });
    expect(await ticks()).toEqual([{ scheduled_for: due, outcome: 'started' }]);
    const { next_fire_at } = await db.selectFrom('schedules').select('next_fire_at').where('id', '=', scheduleId).executeTakeFirstOrThrow();
    expect(new Date(next_fire_at as string).getUTCMonth()).toBe(0);
  });
});

describe('the database clock', () => {
  const weft = useTestWeft('postgres', { env: { WEFT_SCHEDULER: 'off' } });

  it('is PostgreSQL’s own, whatever this process’s clock says', async () => {
    const db = weft().services.db;
    const repository = new SchedulesRepository(db, { runs: new ExecutionHistory(db), workflows: new WorkflowsRepository(db) });
    const before = Date.now();
    const now = (await repository.databaseNow()).getTime();
    // Same machine here, so within the query's time of this process's clock.
    expect(Math.abs(now - before)).toBeLessThan(5_000);
  });
});
