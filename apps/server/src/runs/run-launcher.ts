import type { SeededOutputs } from '@weft/core';
import type { Insertable } from 'kysely';
import type { ExecutionsTable } from '../db/schema.js';
import type { ActiveRun, RunResume } from './active-run.js';
import type { ExecutionDetail, ExecutionSummary } from './execution-types.js';
import type { ExecutionRow, SummaryRow } from './executions.repository.js';
import type { RunPlan } from './plan-run.js';
import type { RunRecorder } from './run-recorder.js';
import type { RunEventSink, StopWatching } from './watch-run.js';

/**
 * Questions about an execution this process does not hold in memory. Embedded mode answers
 * from the stored row (`StoredRuns`: nobody else runs anything), scale-out from Redis and
 * the workers (`DistributedRuns`).
 */
export interface UnheldRuns {
  /** The execution once its end is stored, or as it is when `timeoutMs` runs out first. */
  waitFor(executionId: string, timeoutMs: number | undefined): Promise<ExecutionDetail>;
  /** Cancels a queued or running execution (`row` is the caller's own); answers it as it then is. */
  cancel(row: SummaryRow): Promise<ExecutionSummary>;
  /** Like RunService.watch for a run held by another process (or by none: replayed from storage). */
  watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined>;
  /** A queued or running execution as it is now: the row plus the events published so far. */
  liveDetail(row: ExecutionRow): Promise<ExecutionDetail>;
  /**
   * At start: ends the executions a stopped process left queued or running. Embedded mode
   * fails all of them (it is the only process); scale-out only those whose worker stopped
   * heartbeating or whose job left the queue, never a run another live process holds.
   */
  recoverOrphans(): Promise<number>;
}

/** A run the service has checked, prepared and stored (one INSERT), to be run where the mode says. */
export interface LaunchRequest {
  userId: string;
  /** As stored: `queued`, or `running` when `RunLauncher.startsNow` said so. */
  summary: ExecutionSummary;
  /** The document as checked, as JSON text (a worker reads it again). */
  document: string;
  /** Run inputs as given (the engine's) and as stored (masked, cut). */
  runInputs: Record<string, unknown>;
  storedInputs: Record<string, unknown>;
  /** Nodes not to call, with the outputs they give (scope-run.ts). */
  seeded?: Readonly<Record<string, SeededOutputs>> | undefined;
  answerWanted: boolean;
  /** The conversation an Agent with memory continues (StartRunRequest.sessionId). */
  sessionId?: string | undefined;
  /** Its row says how to rebuild its job (`rebuild_inputs`): scale-out may then queue it again from the database. */
  rebuildable: boolean;
  /** What prepareRun made of it in this process (a worker prepares its own). */
  plan: RunPlan;
  params: Readonly<Record<string, unknown>>;
  recorder: RunRecorder;
  configErrors: ReadonlyMap<string, Error>;
  /** Set when the run continues a waiting one (resume-run.ts; embedded mode only). */
  resume?: RunResume | undefined;
  /** The row not yet written, for a launcher that `storesRowsLater` (unstored-row.ts); absent: the row is stored. */
  unstoredRow?: Insertable<ExecutionsTable> | undefined;
}

/**
 * How runs are launched: the one thing the run mode decides (DESIGN.md "Running
 * workflows"). Embedded mode runs them in this process's queue (`EmbeddedRunLauncher`);
 * scale-out hands them to `weft worker` processes through BullMQ (`DistributedRuns`). It
 * also answers about runs this process does not hold, so the run service never asks
 * which mode it is in.
 *
 * Not promised: an order between users' runs (each launcher has its own fair share), or
 * that a launched run is running when `launch` resolves (it may wait for a slot or a worker).
 */
export interface RunLauncher extends UnheldRuns {
  /** Whether a run of `userId` stored now starts at once (its row then says `running`). */
  startsNow(userId: string): boolean;
  /** The runner a new row names; null when whoever claims it names itself (scale-out). */
  readonly newRowRunner: string | null;
  /**
   * Whether a run answered in its request may be launched before its row is written, the
   * row then going in with its end (unstored-row.ts). Embedded mode; in scale-out the row
   * is how a worker finds the run.
   */
  readonly storesRowsLater: boolean;
  /**
   * Hands a stored execution over to be run and answers its summary as it now is; a run
   * that cannot be handed over is ended saying why (and answered so). Scale-out: a run
   * whose job Redis did not take in time stays queued when it can be rebuilt from the
   * database (the orphan sweep queues it again); one that cannot is taken back and
   * `RunNotQueuedError` thrown (the API answers 503).
   */
  launch(request: LaunchRequest): Promise<ExecutionSummary>;
  /**
   * Scale-out: hands over a waiting execution whose tool calls were all decided, its row set
   * back to `queued`; the worker that claims it plans the resume itself (`RunJob.resume`).
   * Absent in embedded mode, which plans and launches the resume in this process.
   */
  readonly launchResume?: ((row: { id: string; user_id: string; inputs: string }) => Promise<void>) | undefined;
  /** Takes a run this process holds out of its wait for a slot; false once it started (or when nothing waits here). */
  withdraw(run: ActiveRun): boolean;
  /** Runs executing in this process's queue and waiting for a slot in it. */
  queueSize(): { running: number; waiting: number };
  /** Scale-out: on every heartbeat, ends runs whose worker went silent. Absent where the start's recovery is enough. */
  readonly heartbeatSweep?: (() => Promise<number>) | undefined;
}

/**
 * A run was stored but the queue (Redis) did not take it in time and it cannot be rebuilt
 * from the database later: it was taken back, nothing runs. The API answers 503 with
 * Retry-After, so the caller sends it again.
 */
export class RunNotQueuedError extends Error {
  readonly code = 'queue_unavailable';
  constructor(message: string) {
    super(message);
    this.name = 'RunNotQueuedError';
  }
}
