import { defineNode } from '@weft/nodes';
import pino from 'pino';
import { afterEach, expect } from 'vitest';
import { ExecutionHistory } from '../runs/execution-history.repository.js';
import { Scheduler } from '../schedules/scheduler.js';
import { SchedulesRepository } from '../schedules/schedules.repository.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { ManualClock } from './manual-clock.js';
import { GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from './run-fixtures.js';
import { type SignedIn, signUp, type TestDatabase, type TestWeft, useTestWeft } from './test-weft.js';
import { greetingWorkflow } from './workflow-fixtures.js';

export const MINUTE = 60_000;

/**
 * A Weft whose scheduler a test drives by hand (`runDue`) on an injected clock, with gates
 * to hold runs, a node that records overlapping runs, and the reads the scheduler tests
 * share. Each test starts on a new day, so their ticks never meet; a pass fires every
 * user's schedules, so each test's end stops its own.
 */
export function useSchedulerFixture(database: TestDatabase, start = '2026-03-01T00:00:00.000Z') {
  const clock = new ManualClock(start);
  const held = gates();
  const recorded = overlapRecorder();
  const weft = useTestWeft(database, { clock, env: { WEFT_SCHEDULER: 'off' }, ...withNodeTypes(gateNodeType(held), recorded.nodeType) });

  afterEach(async () => {
    await weft().services.db.updateTable('schedules').set({ enabled: 0 }).execute();
  });

  const nextDay = () => {
    const now = clock.now().getTime();
    clock.advance(Math.ceil((now + 1) / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE - now);
  };
  const call = (user: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  /** A user, a workflow and a schedule, at the start of a new day (a function builds the fields from that time). */
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

  const gated = (gate: string) => workflow('Gated', [node('gate', GATE_NODE_TYPE, { gate })], []);
  /** A second scheduler on the same database, as another process would run. */
  const secondScheduler = () =>
    new Scheduler({
      repository: new SchedulesRepository(weft().services.db, {
        runs: new ExecutionHistory(weft().services.db),
        workflows: new WorkflowsRepository(weft().services.db),
      }),
      runs: weft().services.runs,
      clock,
      logger: pino({ level: 'silent' }),
      graceMs: 60_000,
    });
  return { clock, held, recorded, weft, call, setUp, executionsOf, ticksOf, settle, drain, gated, secondScheduler };
}

export const RECORD_NODE_TYPE = 'test.record';

/** `test.record`: notes which run entered when and how many ran at once, each staying `stayMs` (real time). */
export function overlapRecorder(stayMs = 25) {
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
      await new Promise((resolve) => setTimeout(resolve, stayMs));
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
