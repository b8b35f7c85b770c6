import { ACTIVE_EXECUTION_STATUSES, type ExecutionStatus, roundUsd, type ScheduleLastRun, type WorkflowUsageTotals } from '@weft/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { countOwnedBy } from '../db/count-owned.js';
import type { Database } from '../db/schema.js';

/** An ended or live run of a schedule, as the crash count reads it. */
export interface ScheduleRunEnd {
  id: string;
  status: string;
  orphaned: number;
  runner_id: string | null;
}

/**
 * What other rooms ask of the executions table (docs/ARCHITECTURE.md "Rooms": only `runs/`
 * holds its SQL; lint keeps it so): a schedule's runs, a user's count, the runs of a
 * workflow version, a workflow's token use and cost. Reads only; a run's own reads and writes are `ExecutionsRepository`'s.
 */
export class ExecutionHistory {
  constructor(private readonly db: Kysely<Database>) {}

  /** How many executions the user keeps (the executions quota counts them). */
  countFor(userId: string): Promise<number> {
    return countOwnedBy(this.db, 'executions', userId);
  }

  /**
   * A workflow's model tokens and cost summed over its stored runs (since `since`, an ISO
   * time, when given): one indexed read of the columns each run's end wrote (migration
   * 0023), never the run's JSON. Runs that called no model are not counted.
   */
  async usageOf(userId: string, workflowId: string, since?: string): Promise<WorkflowUsageTotals> {
    let query = this.db
      .selectFrom('executions')
      .select((eb) => [
        eb.fn.countAll().as('runs'),
        eb.fn.sum('input_tokens').as('input'),
        eb.fn.sum('output_tokens').as('output'),
        eb.fn.sum('cost_usd').as('cost'),
        eb.fn.count('cost_usd').as('priced'),
        eb.fn.max('cost_incomplete').as('incomplete'),
      ])
      .where('workflow_id', '=', workflowId)
      .where('user_id', '=', userId)
      .where('input_tokens', 'is not', null);
    if (since !== undefined) query = query.where('created_at', '>=', since);
    const row = await query.executeTakeFirst();
    const totals: WorkflowUsageTotals = { runs: Number(row?.runs ?? 0), inputTokens: Number(row?.input ?? 0), outputTokens: Number(row?.output ?? 0) };
    if (Number(row?.priced ?? 0) > 0) totals.costUsd = roundUsd(Number(row?.cost ?? 0));
    if (Number(row?.incomplete ?? 0) > 0) totals.costIncomplete = true;
    return totals;
  }

  /** Stored runs per version of a workflow (one version, when given). */
  async runsPerVersion(workflowId: string, version?: number): Promise<Map<number, number>> {
    let query = this.db
      .selectFrom('executions')
      .select(['workflow_version', (eb) => eb.fn.countAll().as('n')])
      .where('workflow_id', '=', workflowId)
      .groupBy('workflow_version');
    if (version !== undefined) query = query.where('workflow_version', '=', version);
    const rows = await query.execute();
    return new Map(rows.map((r) => [Number(r.workflow_version), Number(r.n)]));
  }

  /** The newest execution of each schedule. */
  async lastRuns(scheduleIds: readonly string[]): Promise<Map<string, ScheduleLastRun>> {
    const found = new Map<string, ScheduleLastRun>();
    if (scheduleIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('executions as e')
      .select(['e.id', 'e.schedule_id', 'e.status', 'e.created_at'])
      .where('e.schedule_id', 'in', scheduleIds)
      .where('e.created_at', '=', (eb) =>
        eb
          .selectFrom('executions as latest')
          .select((inner) => inner.fn.max('latest.created_at').as('m'))
          .whereRef('latest.schedule_id', '=', 'e.schedule_id'),
      )
      .execute();
    for (const row of rows) {
      if (row.schedule_id && !found.has(row.schedule_id))
        found.set(row.schedule_id, { executionId: row.id, status: row.status as ExecutionStatus, at: row.created_at });
    }
    return found;
  }

  /** The schedule's run still going (queued or running), if any. */
  async activeRun(scheduleId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('executions')
      .select('id')
      .where('schedule_id', '=', scheduleId)
      .where('status', 'in', ACTIVE_EXECUTION_STATUSES)
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The execution a tick started, if it got that far. */
  async executionForTick(scheduleId: string, instant: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('executions')
      .select('id')
      .where('schedule_id', '=', scheduleId)
      .where('scheduled_for', '=', instant)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * How many of the schedule's newest ended runs failed, counting back until one did not
   * (at most `limit`), and the newest one's error: pause after failures counts these.
   */
  async failedInARow(scheduleId: string, limit: number): Promise<{ count: number; lastError: string | null }> {
    const rows = await this.db
      .selectFrom('executions')
      .select(['status', 'error'])
      .where('schedule_id', '=', scheduleId)
      .where('status', 'not in', ACTIVE_EXECUTION_STATUSES)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    let count = 0;
    for (const row of rows) {
      if (row.status !== 'error') break;
      count += 1;
    }
    return { count, lastError: rows[0]?.status === 'error' ? rows[0].error : null };
  }

  /** The schedule's newest `limit` runs, newest first. */
  newestOfSchedule(scheduleId: string, limit: number): Promise<ScheduleRunEnd[]> {
    return this.db
      .selectFrom('executions')
      .select(['id', 'status', 'orphaned', 'runner_id'])
      .where('schedule_id', '=', scheduleId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}

/**
 * "A stored execution ran this kept version", for the version history's pruning, which
 * must decide it in its own DELETE: a run recorded meanwhile by another process keeps its
 * version only if the check and the delete are one statement.
 */
export function versionHasRuns(eb: ExpressionBuilder<Database, 'workflow_versions'>) {
  return eb.exists(
    eb
      .selectFrom('executions')
      .select('executions.id')
      .whereRef('executions.workflow_id', '=', 'workflow_versions.workflow_id')
      .whereRef('executions.workflow_version', '=', 'workflow_versions.version'),
  );
}
