import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { ExecutionDetail, ExecutionSummary } from './execution-types.js';
import { type ExecutionRow, type ExecutionsRepository, type SummaryRow, toDetail, toSummary } from './executions.repository.js';
import type { RunEventHub } from './run-event-hub.js';
import type { UnheldRuns } from './run-launcher.js';
import { type RunEventSink, type StopWatching, watchStoredRun } from './watch-run.js';

export interface StoredRunsOptions {
  repository: ExecutionsRepository;
  hub: RunEventHub;
  clock: Clock;
  logger: Logger;
  /** Told the schedules whose runs a crash ended (schedules/crash-pauses.ts pauses a crash loop). */
  onOrphaned?: ((scheduleIds: readonly string[]) => Promise<unknown>) | undefined;
}

/** Embedded mode's UnheldRuns: a run not held here has ended, or was left by a stopped server. */
export class StoredRuns implements UnheldRuns {
  constructor(protected readonly stored: StoredRunsOptions) {}

  async waitFor(executionId: string): Promise<ExecutionDetail> {
    const row = await this.stored.repository.getById(executionId);
    if (!row) throw new Error(`Execution ${executionId} does not exist`);
    return toDetail(row);
  }

  /** A leftover queued or running row: the row is all there is to end. */
  async cancel(row: SummaryRow): Promise<ExecutionSummary> {
    const { repository, clock } = this.stored;
    await repository.markEnded(row.id, 'cancelled', 'Run cancelled', clock.now().toISOString());
    const ended = await repository.getSummary(row.user_id, row.id);
    return toSummary(ended ?? row);
  }

  watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined> {
    return watchStoredRun(this.stored.repository, this.stored.hub, userId, executionId, after, sink);
  }

  async liveDetail(row: ExecutionRow): Promise<ExecutionDetail> {
    return toDetail(row);
  }

  /**
   * Nothing stays `running` after a crash: every execution still queued or running when
   * the server starts was left by a process that is gone (embedded mode has one), and one
   * that stopped cleanly stored its runs as stopped (RunService.close). They are failed
   * with the reason, not started again: the run may be what took the process down.
   */
  async recoverOrphans(): Promise<number> {
    const { repository, clock, logger, onOrphaned } = this.stored;
    const at = clock.now().toISOString();
    const { count, scheduleIds } = await repository.failLeftBehind(
      {
        running: `The server stopped unexpectedly while this execution was running (noticed at the restart at ${at}). It was not run again.`,
        queued: `The server stopped unexpectedly before this execution started (noticed at the restart at ${at}). It was not run.`,
      },
      at,
    );
    if (count > 0) logger.warn({ count }, 'Executions left running by a stopped server were marked failed');
    if (scheduleIds.length > 0) await onOrphaned?.(scheduleIds);
    return count;
  }
}
