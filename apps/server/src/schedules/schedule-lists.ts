import type { WorkflowScheduleSummary } from '@weft/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { schedulesWithWorkflowName } from '../workflows/workflow-statements.js';
import type { ScheduleWithWorkflow } from './schedules.repository.js';

/** Which schedules a list page holds: a workflow's or all, enabled or paused or both, after a place. */
export interface ScheduleListQuery {
  workflowId?: string;
  enabled?: boolean;
  /** The last row of the page before, in list order (created_at, then id). */
  after?: { createdAt: string; id: string };
  limit: number;
}

/**
 * A page of the user's schedules in creation order (then id), after `after`. Each filter has
 * an index that ends in that order (migration 0015), so a page reads its own rows and joins
 * only their workflows, however many schedules the user has.
 */
export function listSchedules(db: Kysely<Database>, userId: string, query: ScheduleListQuery): Promise<ScheduleWithWorkflow[]> {
  let select = schedulesWithWorkflowName(db).where('schedules.user_id', '=', userId);
  if (query.workflowId !== undefined) select = select.where('schedules.workflow_id', '=', query.workflowId);
  if (query.enabled !== undefined) select = select.where('schedules.enabled', '=', query.enabled ? 1 : 0);
  const { after } = query;
  if (after) select = select.where((eb) => eb(eb.refTuple('schedules.created_at', 'schedules.id'), '>', eb.tuple(after.createdAt, after.id)));
  return select.orderBy('schedules.created_at').orderBy('schedules.id').limit(query.limit).execute();
}

/** A row of the summary query; counts come as text from PostgreSQL. */
interface SummaryRow {
  workflow_id: string;
  count: number | string;
  enabled: number | string;
  next_run_at: string | null;
  cron: string | null;
  interval_seconds: number | null;
  run_at: string | null;
  timezone: string;
}

/**
 * The schedule column of the workflow list: per workflow, how many schedules and how many
 * enabled, the soonest next run, and the timing of the schedule that fires next (else the
 * oldest). Summed in the database, which answers one row per workflow: the rows of all
 * 10,000 schedules an operator may have no longer cross into the process.
 */
export async function workflowScheduleSummaries(db: Kysely<Database>, userId: string): Promise<Map<string, WorkflowScheduleSummary>> {
  const { rows } = await sql<SummaryRow>`
    SELECT workflow_id, count, enabled, next_run_at, cron, interval_seconds, run_at, timezone FROM (
      SELECT workflow_id, timezone,
        CASE WHEN kind = 'cron' THEN cron END AS cron,
        CASE WHEN kind = 'interval' THEN interval_seconds END AS interval_seconds,
        CASE WHEN kind = 'once' THEN run_at END AS run_at,
        COUNT(*) OVER per_workflow AS count,
        SUM(enabled) OVER per_workflow AS enabled,
        MIN(CASE WHEN enabled = 1 THEN next_fire_at END) OVER per_workflow AS next_run_at,
        ROW_NUMBER() OVER (
          PARTITION BY workflow_id
          ORDER BY CASE WHEN enabled = 1 AND next_fire_at IS NOT NULL THEN 0 ELSE 1 END,
            CASE WHEN enabled = 1 THEN next_fire_at END, created_at, id
        ) AS place
      FROM schedules
      WHERE user_id = ${userId}
      WINDOW per_workflow AS (PARTITION BY workflow_id)
    ) ranked
    WHERE place = 1`.execute(db);
  return new Map(
    rows.map((row) => [
      row.workflow_id,
      {
        count: Number(row.count),
        enabled: Number(row.enabled),
        nextRunAt: row.next_run_at,
        cron: row.cron,
        intervalSeconds: row.interval_seconds,
        runAt: row.run_at,
        timezone: row.timezone,
      },
    ]),
  );
}
