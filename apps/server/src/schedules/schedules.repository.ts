import {
  overlapPolicyOf,
  type ScheduleLastRun,
  type ScheduleTiming,
  type ScheduleWindow,
  type TickOutcome,
  timingFields,
  type WorkflowScheduleSummary,
} from '@weft/core';
import { type Insertable, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { countOwnedBy } from '../db/count-owned.js';
import type { Database, ScheduleRow, SchedulesTable, ScheduleTickRow, ScheduleTicksTable } from '../db/schema.js';
import type { ExecutionHistory } from '../runs/execution-history.repository.js';
import { WriteBatcher } from '../runs/write-batcher.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import { schedulesWithWorkflowName } from '../workflows/workflow-statements.js';
import type { ScheduleSettings } from './schedule-input.js';
import { listSchedules, type ScheduleListQuery, workflowScheduleSummaries } from './schedule-lists.js';

/** A schedule row with the name of its workflow, as lists show it. */
export type ScheduleWithWorkflow = ScheduleRow & { workflow_name: string };

/** What schedules read of the rooms that own runs and workflows. */
export interface ScheduleRooms {
  runs: Pick<ExecutionHistory, 'lastRuns' | 'activeRun' | 'executionForTick' | 'failedInARow'>;
  workflows: Pick<WorkflowLookup, 'owns'>;
}

/** The timing a row stores in one of three columns. */
export function timingOf(row: Pick<ScheduleRow, 'kind' | 'cron' | 'interval_seconds' | 'run_at'>): ScheduleTiming {
  if (row.kind === 'interval') return { kind: 'interval', intervalSeconds: row.interval_seconds ?? 60 };
  if (row.kind === 'once') return { kind: 'once', runAt: row.run_at ?? new Date(0).toISOString() };
  return { kind: 'cron', cron: row.cron ?? '* * * * *' };
}

/** A timing's three columns, from core's API fields (the same three, snake-cased). */
function timingColumns(timing: ScheduleTiming): Pick<SchedulesTable, 'cron' | 'interval_seconds' | 'run_at'> {
  const { cron, intervalSeconds, runAt } = timingFields(timing);
  return { cron, interval_seconds: intervalSeconds, run_at: runAt };
}

export function windowOf(row: ScheduleRow): ScheduleWindow {
  return { timing: timingOf(row), timezone: row.timezone, startAt: row.start_at, endAt: row.end_at, anchor: row.anchor_at };
}

export function settingsOf(row: ScheduleRow): ScheduleSettings {
  return {
    workflowId: row.workflow_id,
    name: row.name,
    enabled: row.enabled === 1,
    timing: timingOf(row),
    timezone: row.timezone,
    inputs: storedInputs(row.inputs),
    overlapPolicy: overlapPolicyOf(row.overlap_policy),
    catchUpPolicy: row.catch_up_policy as ScheduleSettings['catchUpPolicy'],
    catchUpWindowSeconds: row.catch_up_window_seconds,
    pauseAfterFailures: row.pause_after_failures,
    jitterSeconds: row.jitter_seconds,
    startAt: row.start_at,
    endAt: row.end_at,
  };
}

/** A row's run inputs; text that is not a JSON object (written by hand, or before the checks) reads as none. */
export function storedInputs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The columns of a row that hold its settings. */
export function settingsColumns(
  settings: ScheduleSettings,
): Omit<SchedulesTable, 'id' | 'user_id' | 'next_fire_at' | 'next_jitter_ms' | 'anchor_at' | 'created_at' | 'updated_at' | 'paused_reason' | 'pause_note'> {
  const { timing } = settings;
  return {
    workflow_id: settings.workflowId,
    name: settings.name,
    enabled: settings.enabled ? 1 : 0,
    kind: timing.kind,
    ...timingColumns(timing),
    timezone: settings.timezone,
    inputs: JSON.stringify(settings.inputs),
    overlap_policy: settings.overlapPolicy,
    catch_up_policy: settings.catchUpPolicy,
    catch_up_window_seconds: settings.catchUpWindowSeconds,
    pause_after_failures: settings.pauseAfterFailures,
    jitter_seconds: settings.jitterSeconds,
    start_at: settings.startAt,
    end_at: settings.endAt,
  };
}

/**
 * Every query of schedules and their tick ledger. Owner-scoped reads take the user id;
 * the scheduler's reads are not scoped (it acts for every user) and never reach the API.
 */
export class SchedulesRepository {
  /** Settles share commits: a burst of ticks writes their outcomes dozens per transaction. */
  private readonly settles: WriteBatcher;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly rooms: ScheduleRooms,
  ) {
    this.settles = new WriteBatcher(db);
  }

  private withWorkflow() {
    return schedulesWithWorkflowName(this.db);
  }

  /**
   * The database's clock, which every process sharing it reads alike (PostgreSQL's
   * `clock_timestamp()`); embedded SQLite has one process, whose clock it is.
   */
  async databaseNow(): Promise<Date> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return new Date();
    const { rows } = await sql<{ now: Date | string }>`SELECT clock_timestamp() AS now`.execute(this.db);
    return new Date(rows[0]?.now ?? Date.now());
  }

  /** A page of the user's schedules, oldest first (`schedule-lists.ts`). */
  list(userId: string, query: ScheduleListQuery): Promise<ScheduleWithWorkflow[]> {
    return listSchedules(this.db, userId, query);
  }

  get(userId: string, id: string): Promise<ScheduleWithWorkflow | undefined> {
    return this.withWorkflow().where('schedules.id', '=', id).where('schedules.user_id', '=', userId).executeTakeFirst();
  }

  ownsWorkflow(userId: string, workflowId: string): Promise<boolean> {
    return this.rooms.workflows.owns(userId, workflowId);
  }

  async insert(row: SchedulesTable): Promise<void> {
    await this.db.insertInto('schedules').values(row).execute();
  }

  /**
   * Inserts the row unless its owner would then have more than `max` schedules. Counted after
   * the insert, and the row taken back when over: of several created at once, those counting
   * too many give way, so the limit holds on both databases without a lock (checking first
   * let 1,000 parallel creates past a limit of 100).
   */
  async insertWithin(row: SchedulesTable, max: number): Promise<boolean> {
    await this.insert(row);
    if ((await this.countFor(row.user_id)) <= max) return true;
    await this.db.deleteFrom('schedules').where('id', '=', row.id).execute();
    return false;
  }

  countFor(userId: string): Promise<number> {
    return countOwnedBy(this.db, 'schedules', userId);
  }

  async update(userId: string, id: string, changes: Partial<SchedulesTable>): Promise<boolean> {
    const result = await this.db.updateTable('schedules').set(changes).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('schedules').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The newest execution of each schedule. */
  lastRuns(scheduleIds: readonly string[]): Promise<Map<string, ScheduleLastRun>> {
    return this.rooms.runs.lastRuns(scheduleIds);
  }

  /** The schedule column of the workflow list (`schedule-lists.ts`). */
  workflowSummaries(userId: string): Promise<Map<string, WorkflowScheduleSummary>> {
    return workflowScheduleSummaries(this.db, userId);
  }

  ticks(scheduleId: string, limit: number): Promise<ScheduleTickRow[]> {
    return this.db.selectFrom('schedule_ticks').selectAll().where('schedule_id', '=', scheduleId).orderBy('scheduled_for', 'desc').limit(limit).execute();
  }

  // ── The scheduler's queries ────────────────────────────────────────────────────────

  /** Enabled schedules whose next tick is due at `now`, oldest first. */
  due(now: string, limit: number): Promise<ScheduleRow[]> {
    return this.db
      .selectFrom('schedules')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_fire_at', 'is not', null)
      .where('next_fire_at', '<=', now)
      .orderBy('next_fire_at')
      .limit(limit)
      .execute();
  }

  /** When the scheduler must look next: the soonest next tick of any enabled schedule. */
  async soonest(): Promise<string | null> {
    const row = await this.db
      .selectFrom('schedules')
      .select((eb) => eb.fn.min('next_fire_at').as('soonest'))
      .where('enabled', '=', 1)
      .where('next_fire_at', 'is not', null)
      .executeTakeFirst();
    return (row?.soonest as string | null | undefined) ?? null;
  }

  /** Runs `work` in one transaction (a batch of claims commits together). */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Moves each schedule's next tick from `from` to `to` if no other process did first, in one
   * statement: the conditional UPDATE is the claim, and only its winner acts on the ticks in
   * between. Answers the ids this call claimed.
   */
  async claimMany(trx: Transaction<Database>, moves: { id: string; from: string; to: string | null; jitterMs: number }[]): Promise<Set<string>> {
    const won = new Set<string>();
    // One short statement per schedule, as raw SQL: a single CASE statement for the batch
    // cost SQLite more than 200 of these, and the query builder's per-query work was the
    // rest of a burst's claim time.
    for (const move of moves) {
      const result =
        await sql`UPDATE schedules SET next_fire_at = ${move.to}, next_jitter_ms = ${move.jitterMs} WHERE id = ${move.id} AND enabled = 1 AND next_fire_at = ${move.from}`.execute(
          trx,
        );
      if (Number(result.numAffectedRows ?? 0) > 0) won.add(move.id);
    }
    return won;
  }

  /** Writes ticks to the ledger, skipping (schedule, instant) pairs it has (they fired before); answers the ids that went in. */
  async insertTicks(trx: Transaction<Database>, ticks: (Insertable<ScheduleTicksTable> & { id: string })[], claimer: string): Promise<Set<string>> {
    if (ticks.length === 0) return new Set();
    const rows = await trx
      .insertInto('schedule_ticks')
      .values(ticks.map((tick) => ({ ...tick, claimed_by: claimer })))
      .onConflict((oc) => oc.columns(['schedule_id', 'scheduled_for']).doNothing())
      .returning('id')
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async settleTick(id: string, outcome: TickOutcome, executionId: string | null, reason: string | null): Promise<void> {
    await this.settles.run((db) => db.updateTable('schedule_ticks').set({ outcome, execution_id: executionId, reason }).where('id', '=', id).execute());
  }

  /**
   * Takes a tick in `from` (waiting, or pending left by a process that died) for starting,
   * if no other process took it first; `stamp` becomes its new created_at.
   */
  async takeTick(tick: Pick<ScheduleTickRow, 'id' | 'outcome' | 'created_at'>, stamp: string, claimer: string): Promise<boolean> {
    const result = await this.db
      .updateTable('schedule_ticks')
      .set({ outcome: 'pending', created_at: stamp, claimed_by: claimer })
      .where('id', '=', tick.id)
      .where('outcome', '=', tick.outcome)
      .where('created_at', '=', tick.created_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Ticks waiting behind their schedule's previous run, and pending ones whose claimer is
   * gone, with their schedules: its lease expired by `now` (scheduler-lease.ts), or, for a
   * tick claimed before leases (no claimer), it is older than `staleBefore`.
   */
  async openTicks(stale: { now: string; staleBefore: string }, limit: number): Promise<{ tick: ScheduleTickRow; schedule: ScheduleRow }[]> {
    const ticks = await this.db
      .selectFrom('schedule_ticks')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('outcome', '=', 'waiting'),
          eb.and([
            eb('outcome', '=', 'pending'),
            eb.or([
              eb.and([eb('claimed_by', 'is', null), eb('created_at', '<', stale.staleBefore)]),
              eb.and([
                eb('claimed_by', 'is not', null),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('scheduler_leases')
                      .select('scheduler_leases.process_id')
                      .whereRef('scheduler_leases.process_id', '=', 'schedule_ticks.claimed_by')
                      .where('scheduler_leases.expires_at', '>', stale.now),
                  ),
                ),
              ]),
            ]),
          ]),
        ]),
      )
      .orderBy('scheduled_for')
      .limit(limit)
      .execute();
    if (ticks.length === 0) return [];
    const ids = [...new Set(ticks.map((tick) => tick.schedule_id))];
    const schedules = new Map((await this.db.selectFrom('schedules').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
    return ticks.flatMap((tick) => {
      const schedule = schedules.get(tick.schedule_id);
      return schedule ? [{ tick, schedule }] : [];
    });
  }

  /** Whether ticks wait or hang: the scheduler then looks again soon rather than at the next tick. */
  async hasOpenTicks(): Promise<boolean> {
    const row = await this.db.selectFrom('schedule_ticks').select('id').where('outcome', 'in', ['waiting', 'pending']).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The schedule's run still going (queued or running), if any. */
  activeRun(scheduleId: string): Promise<string | undefined> {
    return this.rooms.runs.activeRun(scheduleId);
  }

  /** The execution a tick started, if it got that far. */
  executionForTick(scheduleId: string, instant: string): Promise<string | undefined> {
    return this.rooms.runs.executionForTick(scheduleId, instant);
  }

  /**
   * The schedule's ticks before `instant` still open: pending (claimed, being started, by
   * this process or another) and waiting (their turn to come). What the overlap policy
   * decides on, alike for every process; one indexed range read of the ledger.
   */
  async earlierOpenTicks(scheduleId: string, instant: string): Promise<{ pending: number; waiting: number }> {
    const rows = await this.db
      .selectFrom('schedule_ticks')
      .select(['outcome', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('schedule_id', '=', scheduleId)
      .where('scheduled_for', '<', instant)
      .where('outcome', 'in', ['pending', 'waiting'])
      .groupBy('outcome')
      .execute();
    const count = (outcome: string) => Number(rows.find((row) => row.outcome === outcome)?.count ?? 0);
    return { pending: count('pending'), waiting: count('waiting') };
  }

  /** One ledger row. */
  tick(id: string): Promise<ScheduleTickRow | undefined> {
    return this.db.selectFrom('schedule_ticks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether the schedule's newest `count` ended runs all failed, and the last one's error. */
  failedInARow(scheduleId: string, count: number): Promise<{ count: number; lastError: string | null }> {
    return this.rooms.runs.failedInARow(scheduleId, count);
  }

  /** Pauses an enabled schedule by Weft's own decision, with the reason its owner sees; false if it was not enabled. */
  async pauseItself(id: string, reason: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('schedules')
      .set({ enabled: 0, paused_reason: reason, updated_at: at })
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Writes a scheduler process's lease or moves it on (scheduler-lease.ts); with
   * `expiredBefore`, first removes the leases that ended before it (processes that died).
   */
  async renewLease(processId: string, expiresAt: string, expiredBefore?: string): Promise<void> {
    if (expiredBefore) await this.db.deleteFrom('scheduler_leases').where('expires_at', '<', expiredBefore).execute();
    await this.db
      .insertInto('scheduler_leases')
      .values({ process_id: processId, expires_at: expiresAt })
      .onConflict((oc) => oc.column('process_id').doUpdateSet({ expires_at: expiresAt }))
      .execute();
  }

  async dropLease(processId: string): Promise<void> {
    await this.db.deleteFrom('scheduler_leases').where('process_id', '=', processId).execute();
  }
}
