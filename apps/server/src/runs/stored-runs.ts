import type { Clock } from '../services/clock.js';
import type { ExecutionDetail, ExecutionSummary } from './execution-types.js';
import { type ExecutionRow, type ExecutionsRepository, type SummaryRow, toDetail, toSummary } from './executions.repository.js';
import type { RemoteRuns } from './remote-runs.js';
import type { RunEventHub } from './run-event-hub.js';
import { type RunEventSink, type StopWatching, watchStoredRun } from './watch-run.js';

/**
 * Questions about an execution this process does not hold in memory. The run service asks
 * this port and never which mode it runs in: embedded mode answers from the stored row
 * (`StoredRuns`: nobody else runs anything), scale-out from Redis and the workers
 * (`RemoteRuns`, scale-out/distributed-runs.ts), which also takes the runs to start.
 */
export type UnheldRuns = Omit<RemoteRuns, 'enqueue'>;

/** Embedded mode's UnheldRuns: a run not held here has ended, or was left by a stopped server. */
export class StoredRuns implements UnheldRuns {
  constructor(
    private readonly repository: ExecutionsRepository,
    private readonly hub: RunEventHub,
    private readonly clock: Clock,
    /** Marks every execution a stopped server left queued or running as failed (RunMaintenance). */
    readonly recoverOrphans: () => Promise<number>,
  ) {}

  async waitFor(executionId: string): Promise<ExecutionDetail> {
    const row = await this.repository.getById(executionId);
    if (!row) throw new Error(`Execution ${executionId} does not exist`);
    return toDetail(row);
  }

  /** A leftover queued or running row: the row is all there is to end. */
  async cancel(row: SummaryRow): Promise<ExecutionSummary> {
    await this.repository.markEnded(row.id, 'cancelled', 'Run cancelled', this.clock.now().toISOString());
    const ended = await this.repository.getSummary(row.user_id, row.id);
    return toSummary(ended ?? row);
  }

  watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined> {
    return watchStoredRun(this.repository, this.hub, userId, executionId, after, sink);
  }

  async liveDetail(row: ExecutionRow): Promise<ExecutionDetail> {
    return toDetail(row);
  }
}
