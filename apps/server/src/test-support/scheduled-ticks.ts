import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.js';
import type { Weft } from '../main.js';
import { insertWorkflow } from './run-fixtures.js';
import type { SignedIn } from './test-weft.js';
import { greetingWorkflow } from './workflow-fixtures.js';

/*
 * A schedule firing every second through scale-out processes, and what its tick ledger and
 * executions say once it is paused and everything it claimed has settled: the fault tests'
 * one measure of "no claimed tick is lost, none runs twice" (issue 21), counted from the
 * database. Reads go through `db`: a process's own, or the test's when it cuts the
 * processes' connections.
 */

/** A per-second schedule (overlap allow: every tick runs) of a Text Input → Output workflow; its id. */
export async function perSecondSchedule(weft: Weft, user: SignedIn): Promise<string> {
  const workflowId = await insertWorkflow(weft, user.userId, greetingWorkflow());
  const created = await weft.app.inject({
    method: 'POST',
    url: '/api/schedules',
    headers: user.headers,
    payload: { workflowId, cron: '* * * * * *', overlapPolicy: 'allow' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

/** How many of the schedule's ticks are in the ledger as started. */
export async function startedTicks(db: Kysely<Database>, scheduleId: string): Promise<number> {
  const rows = await db.selectFrom('schedule_ticks').select('id').where('schedule_id', '=', scheduleId).where('outcome', '=', 'started').execute();
  return rows.length;
}

/** Resolves once `count` more of the schedule's ticks than now are started (the scheduler is firing). */
export async function moreTicksStarted(db: Kysely<Database>, scheduleId: string, count: number, timeout = 30_000): Promise<void> {
  const target = (await startedTicks(db, scheduleId)) + count;
  await expect.poll(() => startedTicks(db, scheduleId), { timeout, interval: 200 }).toBeGreaterThanOrEqual(target);
}

/**
 * Ends the schedule a second from now (`endAt`; it stays enabled, so no rule about paused
 * schedules touches ticks it claimed), then waits until nothing it claimed is open (no
 * pending or waiting tick) or going (no queued or running execution): a pass that claimed
 * before the end finishes its ticks, a tick left pending by a failed pass is taken up by a
 * later one.
 */
export async function endAndSettle(weft: Weft, user: SignedIn, scheduleId: string, db = weft.services.db, timeout = 60_000): Promise<void> {
  const endAt = new Date(Date.now() + 1_000).toISOString();
  const ended = await weft.app.inject({ method: 'PUT', url: `/api/schedules/${scheduleId}`, headers: user.headers, payload: { endAt } });
  expect(ended.statusCode, ended.body).toBe(200);
  await expect
    .poll(async () => (await db.selectFrom('schedules').select('next_fire_at').where('id', '=', scheduleId).executeTakeFirstOrThrow()).next_fire_at, {
      timeout,
      interval: 250,
    })
    .toBeNull();
  await settled(db, scheduleId, timeout);
}

/** Resolves once nothing the schedule claimed is open (pending or waiting) or going (queued or running). */
export async function settled(db: Kysely<Database>, scheduleId: string, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const open = await db
          .selectFrom('schedule_ticks')
          .select('id')
          .where('schedule_id', '=', scheduleId)
          .where('outcome', 'in', ['pending', 'waiting'])
          .execute();
        const going = await db
          .selectFrom('executions')
          .select('id')
          .where('schedule_id', '=', scheduleId)
          .where('status', 'in', ['queued', 'running'])
          .execute();
        return open.length + going.length;
      },
      { timeout, interval: 250 },
    )
    .toBe(0);
}

/** What the ledger and the executions say once settled. */
export interface TickAccount {
  /** Ticks in the ledger (all started, or the expectations failed). */
  ticks: number;
  /** The instants, oldest first. */
  instants: string[];
  /** Executions that were queued again from the database, and how often in all. */
  requeued: number;
  requeues: number;
}

/**
 * Every tick the ledger holds was started and ended as an execution that succeeded; there
 * is one execution per instant, and every second from the first to the last has one (no
 * tick was missed, skipped or failed along the way).
 */
export async function expectEveryClaimedTickRan(db: Kysely<Database>, scheduleId: string): Promise<TickAccount> {
  const ticks = await db
    .selectFrom('schedule_ticks')
    .select(['scheduled_for', 'outcome', 'reason', 'execution_id'])
    .where('schedule_id', '=', scheduleId)
    .orderBy('scheduled_for')
    .execute();
  const executions = await db
    .selectFrom('executions')
    .select(['id', 'scheduled_for', 'status', 'error', 'requeues'])
    .where('schedule_id', '=', scheduleId)
    .orderBy('scheduled_for')
    .execute();
  expect(ticks.filter((tick) => tick.outcome !== 'started')).toEqual([]);
  expect(executions.filter((run) => run.status !== 'success')).toEqual([]);
  const instants = executions.map((run) => run.scheduled_for as string);
  // None twice, and one for every tick the ledger says was started, and for nothing else.
  expect(new Set(instants).size).toBe(instants.length);
  expect(instants).toEqual(ticks.map((tick) => tick.scheduled_for));
  expect(new Set(ticks.map((tick) => tick.execution_id))).toEqual(new Set(executions.map((run) => run.id)));
  const first = Date.parse(instants[0] as string);
  const last = Date.parse(instants[instants.length - 1] as string);
  expect(instants.length).toBe((last - first) / 1000 + 1);
  const requeued = executions.filter((run) => run.requeues > 0);
  return { ticks: ticks.length, instants, requeued: requeued.length, requeues: requeued.reduce((sum, run) => sum + run.requeues, 0) };
}
