import type { RunScope, RunTarget } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { ShuttingDownError } from '../platform/lifecycle.js';
import type { Metrics } from '../platform/metrics.js';
import { readRunDocument } from '../workflows/run-document-cache.js';
import type { LoadedWorkflow } from '../workflows/workflow-document.js';
import { executionRow, newExecutionSummary, storeRefusedExecution } from './execution-row.js';
import { type ExecutionDetail, type ExecutionSummary, isActiveStatus, type RunTrigger } from './execution-types.js';
import { type ExecutionsRepository, type ListFilters, toDetail, toSummary } from './executions.repository.js';
import type { HeldRuns } from './held-runs.js';
import { prepareRun } from './prepare-run.js';
import { raceTimeout } from './race-timeout.js';
import { rebuildInputsOf } from './rebuild-run-job.js';
import { replayInputs } from './replay-inputs.js';
import type { RunDependencies } from './run-dependencies.js';
import { endedRun, type RunEndListener } from './run-end.js';
import type { RunEventHub } from './run-event-hub.js';
import type { RunLauncher } from './run-launcher.js';
import { type RetentionSettings, RunMaintenance } from './run-maintenance.js';
import { scopeRun } from './scope-run.js';
import type { ToolApprovals } from './tool-approvals.js';
import { type RunEventSink, type StopWatching, watchActiveRun } from './watch-run.js';

export interface StartRunRequest {
  userId: string;
  workflowId: string;
  trigger: RunTrigger;
  /** Run inputs by node id (Text Inputs that ask on run). */
  inputs?: Record<string, unknown>;
  /** The same key again answers the first execution instead of starting another. */
  idempotencyKey?: string | undefined;
  /** Set by the scheduler: the schedule and the instant this run is for. */
  schedule?: { id: string; scheduledFor: string } | undefined;
  /**
   * The caller will wait for the result (`?wait=true`, a webhook answering with the output):
   * keep the outputs whole for `waitFor`, not only as stored (64 KB per value at most).
   */
  answerWanted?: boolean;
  /** Run one node, reusing earlier upstream outputs, or up to one (scope-run.ts); absent: the whole workflow. */
  target?: RunTarget | undefined;
  /** The execution whose inputs this run replays. */
  replayOf?: string | undefined;
  /** The run whose Run Workflow node starts this one (trigger `workflow`). */
  parentExecutionId?: string | undefined;
  /** The conversation an Agent with memory continues (the run API's `sessionId`, a webhook's `X-Weft-Session`). */
  sessionId?: string | undefined;
  /** The workflow, when the trigger has read it already (the webhook does, with its token). */
  workflow?: LoadedWorkflow | undefined;
}

export type StartRunResult =
  | { ok: true; execution: ExecutionSummary; reused: boolean; scope?: RunScope | undefined }
  | { ok: false; reason: 'not_found' | 'invalid'; message: string };

export interface RunServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  dependencies: RunDependencies;
  /** The one executions repository of the process (built in the composition root). */
  repository: ExecutionsRepository;
  /** Live events of the runs: in process, or over Redis in scale-out. */
  hub: RunEventHub;
  /** What runs in this process, and its closing write. */
  held: HeldRuns;
  /** Where new runs go and who answers about runs not held here: the run mode (run-launcher.ts). */
  launcher: RunLauncher;
  /** Names this process in the executions it runs (`runner_id`). */
  runnerId: string;
  retention: RetentionSettings;
  /** Gives deleted rows' disk space back (SQLite incremental vacuum). */
  reclaimSpace: () => Promise<void>;
  /** How often the runs this process executes are marked alive (WEFT_RUN_HEARTBEAT_MS). */
  heartbeatEveryMs?: number;
  /** Counts for operators (GET /metrics). */
  metrics?: Metrics;
  /** Told each run's end once stored by this process, refused runs included (failure alerts). */
  onEnded?: RunEndListener | undefined;
  /** Tool calls waiting for approval, and the waiting runs they resume (tool-approvals.ts). */
  approvals: ToolApprovals;
}

/**
 * Runs workflows and keeps their history (DESIGN.md "Running workflows"). A run costs
 * one INSERT when it starts and one UPDATE when it ends (one INSERT alone when its caller
 * waits for the answer and it ends soon: unstored-row.ts): events, node results and logs
 * stay in memory meanwhile (`RunRecorder`), live watchers get them through the hub, and
 * reads of a run in progress are answered from memory. What runs here, and its closing
 * write, is `HeldRuns`; where a new run goes is the `RunLauncher`'s to say, so this class
 * is the API over executions in both modes without asking which one it is in.
 */
export class RunService {
  private readonly repository: ExecutionsRepository;
  private readonly hub: RunEventHub;
  private readonly runs: HeldRuns;
  private readonly maintenance: RunMaintenance;
  /** The run mode: where new runs go, and the runs this process does not hold. */
  private readonly launcher: RunLauncher;
  /** Tool calls waiting for approval (docs/API.md "Tool approvals"). */
  readonly approvals: ToolApprovals;

  constructor(private readonly options: RunServiceOptions) {
    this.repository = options.repository;
    this.hub = options.hub;
    this.runs = options.held;
    this.launcher = options.launcher;
    this.approvals = options.approvals;
    this.maintenance = new RunMaintenance({
      repository: this.repository,
      clock: options.clock,
      logger: options.logger,
      retention: options.retention,
      reclaimSpace: options.reclaimSpace,
      runningIds: () => this.runs.runningIds(),
      ...(options.heartbeatEveryMs === undefined ? {} : { heartbeatEveryMs: options.heartbeatEveryMs }),
      // Scale-out: every process looks for runs whose worker went silent, on each heartbeat.
      sweepOrphans: this.launcher.heartbeatSweep,
    });
  }

  private async loadWorkflow(userId: string, workflowId: string): Promise<LoadedWorkflow | undefined> {
    const row = await this.options.dependencies.workflows.loadForRun(userId, workflowId);
    return row ? { ...row, parsed: readRunDocument(row.id, row.document) } : undefined;
  }

  /** Loads the user's workflow, checks that it can run, stores the execution and queues it. */
  async start(request: StartRunRequest): Promise<StartRunResult> {
    if (this.runs.stopping) throw new ShuttingDownError();
    const { userId, idempotencyKey } = request;
    if (idempotencyKey !== undefined) {
      const existing = await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return { ok: true, execution: this.runs.liveSummary(toSummary(existing)), reused: true };
    }
    const workflow = request.workflow ?? (await this.loadWorkflow(userId, request.workflowId));
    if (!workflow) return { ok: false, reason: 'not_found', message: 'Workflow not found' };
    const document = workflow.parsed;
    const scoped = await scopeRun(this.options.db, document, request);
    if (!scoped.ok) return { ok: false, reason: 'invalid', message: scoped.message };
    const prepared = await prepareRun(this.options.dependencies, userId, scoped.document, scoped.seeded);
    if (!prepared.ok) return { ok: false, reason: 'invalid', message: prepared.message };
    const { scope } = scoped;

    const { recorder } = prepared;
    const runInputs = request.inputs ?? {};
    const storedInputs = recorder.storableValues(runInputs);
    const createdAt = this.options.clock.now().toISOString();
    const runsNow = this.launcher.startsNow(userId);
    const summary = newExecutionSummary(workflow, request, {
      status: runsNow ? 'running' : 'queued',
      error: null,
      createdAt,
      startedAt: runsNow ? createdAt : null,
      finishedAt: null,
      durationMs: null,
    });
    const storedText = JSON.stringify(storedInputs);
    const rebuildInputs = rebuildInputsOf(request, runInputs, storedInputs, storedText);
    const row = {
      ...executionRow(summary, userId, request),
      inputs: storedText,
      rebuild_inputs: rebuildInputs,
      // Scale-out: the worker that claims it names itself.
      runner_id: this.launcher.newRowRunner,
    };
    // A run answered in its request is written once, with its end, if it ends soon (unstored-row.ts).
    // Not with a key (the unique index decides races), for a schedule (the row marks its tick taken)
    // or for a sub-workflow (its row is how the depth limit counts its callers).
    const later =
      this.launcher.storesRowsLater &&
      request.answerWanted === true &&
      idempotencyKey === undefined &&
      request.schedule === undefined &&
      request.parentExecutionId === undefined;
    const inserted = later || (await this.repository.insert(row));
    if (!inserted) {
      // Another request with the same key won the race: answer its execution.
      const winner = idempotencyKey === undefined ? undefined : await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (!winner) throw new Error('The execution could not be stored. Try again.');
      return { ok: true, execution: this.runs.liveSummary(toSummary(winner)), reused: true };
    }
    this.options.metrics?.runsStarted.inc({ trigger: summary.trigger });
    this.maintenance.noteStarted(userId, this.runs.unstoredCount(userId) + (later ? 1 : 0));
    const execution = await this.launcher.launch({
      userId,
      summary,
      document: scope ? JSON.stringify(scoped.document) : workflow.document,
      runInputs,
      storedInputs,
      seeded: scope ? scoped.seeded : undefined,
      answerWanted: request.answerWanted === true,
      ...(request.sessionId ? { sessionId: request.sessionId } : {}),
      rebuildable: rebuildInputs !== null,
      plan: prepared.plan,
      params: prepared.params,
      recorder,
      configErrors: prepared.configErrors,
      ...(later ? { unstoredRow: row } : {}),
    });
    return { ok: true, execution, reused: false, scope };
  }

  /**
   * Starts a manual run of an execution's workflow, as saved now, with that execution's
   * stored inputs; the new execution names the old one. Undefined when it is not the user's.
   */
  async replay(userId: string, executionId: string): Promise<StartRunResult | undefined> {
    const row = await this.repository.get(userId, executionId);
    if (!row) return undefined;
    const inputs = replayInputs(row.inputs);
    if (!inputs.ok) return { ok: false, reason: 'invalid', message: inputs.message };
    return this.start({ userId, workflowId: row.workflow_id, trigger: 'manual', inputs: inputs.inputs, replayOf: row.id });
  }

  /** Stores an execution that could not start, ended at once with `error` (see `storeRefusedExecution`). */
  recordRefused(request: StartRunRequest, error: string): Promise<ExecutionSummary | undefined> {
    return storeRefusedExecution(this.repository, this.options.dependencies.workflows, this.options.clock.now().toISOString(), request, error, (summary) =>
      this.tellRefused(request.userId, summary),
    );
  }

  private tellRefused(userId: string, summary: ExecutionSummary): void {
    const ended = endedRun(userId, summary, { failedNode: null, byShutdown: false });
    if (!ended || !this.options.onEnded) return;
    try {
      this.options.onEnded(ended);
    } catch (error) {
      this.options.logger.error({ err: error, executionId: summary.id }, 'Could not pass on the end of a refused run');
    }
  }

  /** The execution once it has ended, or as it is when `timeoutMs` runs out first. */
  async waitFor(executionId: string, timeoutMs?: number): Promise<ExecutionDetail> {
    const run = this.runs.active.get(executionId);
    if (run) {
      if (timeoutMs === undefined) await run.done;
      else await raceTimeout(run.done, timeoutMs);
      return this.runs.answerOf(run);
    }
    const recent = this.runs.recentRun(executionId);
    if (recent) return this.runs.answerOf(recent);
    return this.launcher.waitFor(executionId, timeoutMs);
  }

  async get(userId: string, executionId: string): Promise<ExecutionDetail | undefined> {
    const detail = await this.detailOf(userId, executionId);
    if (!detail) return undefined;
    // The tool calls that waited for approval, decided or not (one indexed read).
    const approvals = await this.approvals.ofExecution(executionId);
    return approvals.length > 0 ? { ...detail, approvals } : detail;
  }

  private async detailOf(userId: string, executionId: string): Promise<ExecutionDetail | undefined> {
    const run = this.runs.held(executionId);
    if (run) return run.userId === userId ? run.detail() : undefined;
    const row = await this.repository.get(userId, executionId);
    if (!row) return undefined;
    // Scale-out: a run in progress elsewhere has only its start in the row; its events tell the rest.
    return isActiveStatus(row.status) ? this.launcher.liveDetail(row) : toDetail(row);
  }

  async list(userId: string, filters: ListFilters): Promise<ExecutionSummary[]> {
    const rows = await this.repository.list(userId, filters);
    const listed = rows.map((row) => this.runs.liveSummary(toSummary(row)));
    if (filters.before) return listed;
    // The first page also shows runs going on whose row is not written yet (unstored-row.ts): the newest of all.
    const unstored = this.runs.unstoredOf(userId).filter((summary) => listedBy(filters, summary) && !listed.some((row) => row.id === summary.id));
    return unstored.length === 0 ? listed : [...unstored, ...listed].slice(0, filters.limit);
  }

  /** Cancels a queued or running execution; a finished one answers as it is. Undefined if not the user's. */
  async cancel(userId: string, executionId: string): Promise<ExecutionSummary | undefined> {
    const run = this.runs.active.get(executionId);
    if (run) {
      if (run.userId !== userId) return undefined;
      run.cancelRequested = true;
      if (this.launcher.withdraw(run)) {
        await this.runs.endUnstarted(run, 'cancelled', 'Run cancelled');
      } else {
        run.controller.abort(new Error('Cancelled'));
        await run.done;
      }
      return { ...run.summary };
    }
    const row = await this.repository.getSummary(userId, executionId);
    if (!row) return undefined;
    if (row.status === 'waiting') {
      // Held by no process: the row is the run. Lost to a decision that resumed it: cancel that run.
      if (await this.approvals.cancelWaiting(row)) return toSummary((await this.repository.getSummary(userId, executionId)) ?? row);
      return this.cancel(userId, executionId);
    }
    return isActiveStatus(row.status) ? this.launcher.cancel(row) : toSummary(row);
  }

  /** Deletes an execution (cancelling it first if it runs). False if not the user's. */
  async delete(userId: string, executionId: string): Promise<boolean> {
    const run = this.runs.active.get(executionId);
    // A run not held here (a scale-out worker's) is stopped first too: cancel asks its row.
    if (!run || run.userId === userId) await this.cancel(userId, executionId);
    this.runs.forget(executionId);
    return this.repository.delete(userId, executionId);
  }

  /**
   * Sends the execution's events after `after` (a Last-Event-ID) to `sink`, then live
   * ones, and ends it after `run:finished`. Undefined when the execution is not the user's.
   */
  async watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined> {
    // A run leaves `active` only once its end is stored, so a finished run replays from storage.
    const run = this.runs.active.get(executionId);
    if (run) return run.userId === userId ? watchActiveRun(run, this.hub, after, sink) : undefined;
    return this.launcher.watch(userId, executionId, after, sink);
  }

  /** How many live watchers an execution has (they leave when their client disconnects). */
  watcherCount(executionId: string): number {
    return this.hub.listenerCount(executionId);
  }

  /** Runs executing in this process and waiting for a slot in its queue. */
  queueSize(): { running: number; waiting: number } {
    return this.launcher.queueSize();
  }

  /** The executions this process is executing now (started, not yet stored as ended). */
  runningIds(): string[] {
    return this.runs.runningIds();
  }

  /**
   * Embedded: marks every execution left queued or running by a stopped server as failed,
   * and takes up waiting runs whose tool calls were all decided (tool-approvals.ts).
   * Scale-out: only those whose worker stopped answering (other processes run the rest).
   */
  async recoverOrphans(): Promise<number> {
    const ended = await this.launcher.recoverOrphans();
    // A run whose last tool call was decided by a process that stopped before it went on.
    await this.approvals.resumeDecided();
    return ended;
  }

  /** Names this process in the executions it runs (`runner_id`). */
  get runnerId(): string {
    return this.options.runnerId;
  }

  /** Applies retention now (it also runs hourly once `startMaintenance` was called). */
  sweepRetention(): Promise<number> {
    return this.maintenance.sweep();
  }

  /** Starts the hourly retention sweep (one right away) and the heartbeat of long runs. */
  startMaintenance(): void {
    this.maintenance.start();
  }

  /** Stops those timers and waits for a sweep in progress (`close` does this too). */
  stopMaintenance(): Promise<void> {
    return this.maintenance.stop();
  }

  /**
   * Stops timers and ends every run of this process: running nodes are aborted and the
   * executions stored as failed with the reason, so none is left `running`.
   */
  async close(): Promise<void> {
    this.runs.stopping ??= `The server stopped while this execution was running (shutdown at ${this.options.clock.now().toISOString()}).`;
    await this.maintenance.stop();
    const stopping = this.runs.stopping;
    const runs = [...this.runs.active.values()];
    for (const run of runs) {
      if (this.launcher.withdraw(run)) await this.runs.endUnstarted(run, 'error', stopping);
      else run.controller.abort(new Error(stopping));
    }
    await Promise.all(runs.map((run) => run.done));
  }
}

/** Whether a list with `filters` shows the execution (the repository's WHERE, for runs not yet in the table). */
function listedBy(filters: ListFilters, summary: ExecutionSummary): boolean {
  if (filters.workflowId !== undefined && summary.workflowId !== filters.workflowId) return false;
  if (filters.workflowIds !== undefined && !filters.workflowIds.includes(summary.workflowId)) return false;
  if (filters.status !== undefined && summary.status !== filters.status) return false;
  return filters.trigger === undefined || summary.trigger === filters.trigger;
}
