import type { SeededOutputs } from '@weft/core';
import type { ExecutionDetail, ExecutionSummary } from './execution-types.js';
import type { ExecutionRow, SummaryRow } from './executions.repository.js';
import type { RunEventSink, StopWatching } from './watch-run.js';

/** What a scale-out worker needs to run an execution the API stored. */
export interface RunJob {
  executionId: string;
  userId: string;
  /**
   * The workflow document as checked when the run was started, so a save made while the
   * run waits does not change what runs (the row names that version).
   */
  document: string;
  /** Run inputs as given: the stored ones are masked and cut, the engine needs the real values. */
  inputs: Record<string, unknown>;
  /** Nodes not to call, with the outputs they give: pins, or an earlier run's for "Run this node" (scope-run.ts). */
  seeded?: Readonly<Record<string, SeededOutputs>>;
  /** A caller waits for the whole outputs (`?wait=true`, a webhook answering with them): the worker hands them over through Redis. */
  answerWanted?: boolean;
}

/**
 * Scale-out mode (DESIGN.md "Running workflows"): executions are run by `weft worker`
 * processes, so this process can only hand them over and ask about them. The run service
 * asks this for everything about a run it does not hold in memory; embedded mode has
 * none and never pays for it. Implemented over BullMQ and Redis pub/sub in scale-out/.
 */
export interface RemoteRuns {
  /**
   * Hands a stored, queued execution to the workers and answers its summary; when the
   * queue cannot take it, the execution is failed saying why (and answered so).
   */
  enqueue(job: RunJob, summary: ExecutionSummary): Promise<ExecutionSummary>;
  /** The execution once its end is stored, or as it is when `timeoutMs` runs out first. */
  waitFor(executionId: string, timeoutMs: number | undefined): Promise<ExecutionDetail>;
  /** Cancels a queued or running execution (`row` is the caller's own); answers it as it then is. */
  cancel(row: SummaryRow): Promise<ExecutionSummary>;
  /** Like RunService.watch for a run held by another process (or by none: replayed from storage). */
  watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined>;
  /** A queued or running execution as it is now: the row plus the events published so far. */
  liveDetail(row: ExecutionRow): Promise<ExecutionDetail>;
  /**
   * Ends executions whose worker stopped answering (heartbeat older than 3 intervals) or
   * whose job is gone from the queue. Never touches a run another live process holds.
   */
  recoverOrphans(): Promise<number>;
}
