import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { SchedulePausedAlerts } from '../alerts/failure-alerts.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { ExecutionHistory } from '../runs/execution-history.repository.js';

/**
 * How many process deaths in a row, each with a run of the schedule going, pause it. Two:
 * one crash may be anything (a deploy by SIGKILL, the OOM killer reaching for another
 * run, a power cut), but the same schedule going down with the process twice running is a
 * pattern, and every crash is an outage for every user of the instance, while a schedule
 * paused wrongly costs its owner one click (its reason says why). Three would buy one
 * more outage for the same answer: a schedule every 30 s on a file that kills the parser
 * crashed the server every minute.
 */
export const CRASHES_TO_PAUSE = 2;
/** How far back a schedule's history is read to count them (overlapping runs share a death). */
const LOOK_BACK = 20;

export function crashPauseReason(deaths: number): string {
  return `Paused: its last ${deaths} runs were going when Weft stopped unexpectedly (the server or the worker running them died). Fix the workflow, then resume the schedule.`;
}

/**
 * Pauses a schedule whose runs keep going down with the process that runs them, so a
 * workflow that crashes the server is not started again and again at every tick (a crash
 * loop with no way out but editing the database). Called with the schedules of runs just
 * ended as orphaned: at an embedded start (run-maintenance.ts), and by scale-out's sweep of
 * dead workers (orphan-sweep.ts). A schedule's newest ended runs are walked back to the
 * first that ended some other way; the processes they died with (`runner_id`: one per
 * process lifetime, so runs overlapping at one crash count once) are counted. A clean stop
 * (SIGTERM) stores its runs as stopped, not orphaned, and breaks the count.
 */
export class CrashPauses {
  constructor(
    private readonly db: Kysely<Database>,
    /** The schedule's newest runs (runs/ owns the executions table). */
    private readonly runs: Pick<ExecutionHistory, 'newestOfSchedule'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Told each schedule it paused, to alert its workflow's destinations (alerts/). */
    private readonly alerts?: SchedulePausedAlerts,
  ) {}

  /** Answers the ids of the schedules it paused. */
  async check(scheduleIds: readonly string[]): Promise<string[]> {
    const paused: string[] = [];
    for (const id of new Set(scheduleIds)) {
      const deaths = await this.deathsInARow(id);
      if (deaths < CRASHES_TO_PAUSE) continue;
      const reason = crashPauseReason(deaths);
      const schedule = await this.db
        .updateTable('schedules')
        .set({ enabled: 0, paused_reason: reason, updated_at: this.clock.now().toISOString() })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .returning(['id', 'user_id', 'workflow_id', 'name'])
        .executeTakeFirst();
      if (!schedule) continue;
      paused.push(id);
      this.alerts?.schedulePaused({ id, userId: schedule.user_id, workflowId: schedule.workflow_id, name: schedule.name }, reason);
      this.logger.warn({ scheduleId: id, deaths }, 'A schedule whose runs kept going down with the process was paused');
    }
    return paused;
  }

  private async deathsInARow(scheduleId: string): Promise<number> {
    const rows = await this.runs.newestOfSchedule(scheduleId, LOOK_BACK);
    const deaths = new Set<string>();
    for (const row of rows) {
      // A run still going (started since, on a live process) has not ended either way.
      if (row.status === 'queued' || row.status === 'running') continue;
      if (Number(row.orphaned) !== 1) break;
      deaths.add(row.runner_id ?? row.id);
    }
    return deaths.size;
  }
}
