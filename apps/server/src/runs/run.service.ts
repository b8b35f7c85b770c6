import type { RunScope, RunTarget } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Clock } from '../services/clock.js';
import { ShuttingDownError } from '../services/lifecycle.js';
import type { Metrics } from '../services/metrics.js';
import { readRunDocument } from '../workflows/run-document-cache.js';
import { newId } from '../services/tokens.js';
import type { LoadedWorkflow } from '../workflows/workflow-document.js';
import { ActiveRun } from './active-run.js';
import { executionRow, storeRefusedExecution } from './execution-row.js';
import { type ExecutionDetail, type ExecutionSummary, isActiveStatus, type RunTrigger } from './execution-types.js';
import { ExecutionsRepository, type ListFilters, toDetail, toSummary } from './executions.repository.js';
import { HeldRuns } from './held-runs.js';
import { prepareRun } from './prepare-run.js';
import { raceTimeout } from './race-timeout.js';
import type { RemoteRuns } from './remote-runs.js';
import { replayInputs } from './replay-inputs.js';
import type { RunDependencies } from './run-dependencies.js';
import { InProcessRunEventHub, type RunEventHub } from './run-event-hub.js';
import { type RetentionSettings, RunMaintenance } from './run-maintenance.js';
import { RunQueue } from './run-queue.js';
import { scopeRun } from './scope-run.js';
import { StoredRuns, type UnheldRuns } from './stored-runs.js';
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
  /** How many runs go at once in this process (WEFT_RUN_CONCURRENCY); the rest wait as `queued`. */
  concurrency: number;
  /** How many of them one user's may be (WEFT_RUN_CONCURRENCY_PER_USER); waiting runs are served round-robin by user. */
  concurrencyPerUser?: number;
  retention: RetentionSettings;
  /** Gives deleted rows' disk space back (SQLite incremental vacuum). */
  reclaimSpace: () => Promise<void>;
  hub?: RunEventHub;
  /** How often the runs this process executes are marked alive (WEFT_RUN_HEARTBEAT_MS). */
  heartbeatEveryMs?: number;
  /** Largest output a synchronous answer carries whole (WEFT_SYNC_ANSWER_MAX_MB); past it, the stored form. */
  answerMaxBytes?: number;
  /** Counts for operators (GET /metrics). */
  metrics?: Metrics;
  /**
   * Scale-out mode: runs started here are queued for `weft worker` processes, and runs
   * this process does not hold are asked about through this. Absent in embedded mode.
   */
  remote?: RemoteRuns;
  /** Told the schedules whose runs a crash ended, at start (embedded mode; scale-out's sweep tells its own). */
  onOrphaned?: (scheduleIds: readonly string[]) => Promise<unknown>;
}

/**
 * Runs workflows and keeps their history (DESIGN.md "Running workflows"). A run costs
 * one INSERT when it starts and one UPDATE when it ends: events, node results and logs
 * stay in memory meanwhile (`RunRecorder`), live watchers get them through the hub, and
 * reads of a run in progress are answered from memory. What runs here, and its closing
 * write, is `HeldRuns`; this class is the API over executions in both modes.
 */
export class RunService {
  private readonly repository: ExecutionsRepository;
  private readonly queue: RunQueue;
  private readonly hub: RunEventHub;
  private readonly runs: HeldRuns;
  private readonly maintenance: RunMaintenance;
  /** Runs this process does not hold: the stored rows (embedded) or the workers (scale-out). */
  private readonly unheld: UnheldRuns;

  constructor(private readonly options: RunServiceOptions) {
    this.repository = new ExecutionsRepository(options.db);
    const concurrency = Math.max(1, options.concurrency);
    this.queue = new RunQueue(concurrency, Math.max(1, Math.min(concurrency, options.concurrencyPerUser ?? concurrency)));
    this.hub = options.hub ?? new InProcessRunEventHub();
    this.runs = new HeldRuns({
      repository: this.repository,
      hub: this.hub,
      clock: options.clock,
      logger: options.logger,
      dependencies: options.dependencies,
      metrics: options.metrics,
      answerMaxBytes: options.answerMaxBytes,
      finishingRunner: () => (options.remote ? this.maintenance.runnerId : undefined),
    });
    this.maintenance = new RunMaintenance({
      repository: this.repository,
      clock: options.clock,
      logger: options.logger,
      retention: options.retention,
      reclaimSpace: options.reclaimSpace,
      runningIds: () => this.runs.runningIds(),
      ...(options.onOrphaned ? { onOrphaned: options.onOrphaned } : {}),
      ...(options.heartbeatEveryMs === undefined ? {} : { heartbeatEveryMs: options.heartbeatEveryMs }),
      // Scale-out: every process looks for runs whose worker went silent, on each heartbeat.
      ...(options.remote
        ? {
            sweepOrphans: async () => {
              const ended = await (options.remote as RemoteRuns).recoverOrphans();
              options.metrics?.leaseExpiries.inc(ended);
              return ended;
            },
          }
        : {}),
    });
    this.unheld = options.remote ?? new StoredRuns(this.repository, this.hub, options.clock, () => this.maintenance.recoverOrphans());
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
    const { remote } = this.options;
    const runsNow = !remote && this.queue.hasRoomFor(userId);
    const summary: ExecutionSummary = {
      id: newId(),
      workflowId: workflow.id,
      workflowName: workflow.name,
      workflowVersion: workflow.version,
      trigger: request.trigger,
      status: runsNow ? 'running' : 'queued',
      error: null,
      createdAt,
      startedAt: runsNow ? createdAt : null,
      finishedAt: null,
      durationMs: null,
      ...(request.schedule ? { scheduleId: request.schedule.id, scheduledFor: request.schedule.scheduledFor } : {}),
      ...(request.replayOf ? { replayOf: request.replayOf } : {}),
    };
    const inserted = await this.repository.insert({
      ...executionRow(summary, userId, request),
      inputs: JSON.stringify(storedInputs),
      // Scale-out: the worker that claims it names itself.
      runner_id: remote ? null : this.maintenance.runnerId,
    });
    if (!inserted) {
      // Another request with the same key won the race: answer its execution.
      const winner = idempotencyKey === undefined ? undefined : await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (!winner) throw new Error('The execution could not be stored. Try again.');
      return { ok: true, execution: this.runs.liveSummary(toSummary(winner)), reused: true };
    }
    this.options.metrics?.runsStarted.inc({ trigger: summary.trigger });
    this.maintenance.noteStarted(userId);
    if (remote)
      return {
        ok: true,
        execution: await remote.enqueue(
          {
            executionId: summary.id,
            userId,
            document: scope ? JSON.stringify(scoped.document) : workflow.document,
            inputs: runInputs,
            ...(scope ? { seeded: scoped.seeded } : {}),
            ...(request.answerWanted ? { answerWanted: true } : {}),
          },
          summary,
        ),
        reused: false,
        scope,
      };
    const run = new ActiveRun(userId, { ...summary, status: 'queued', startedAt: null }, runInputs, storedInputs, prepared.plan, prepared.params, recorder);
    run.answerWanted = request.answerWanted === true;
    const task = () => this.runs.execute(run, prepared.configErrors);
    run.task = task;
    this.runs.active.set(run.id, run);
    if (this.runs.stopping) {
      // The server began to stop while this start was being stored: end it as close() would.
      await this.runs.endUnstarted(run, 'error', this.runs.stopping);
      return { ok: true, execution: { ...run.summary }, reused: false };
    }
    // Fair between users, and between one user's workflows (a webhook flood on one).
    this.queue.push(task, userId, workflow.id);
    return { ok: true, execution: summary, reused: false, scope };
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
    return storeRefusedExecution(this.repository, this.options.dependencies.workflows, this.options.clock.now().toISOString(), request, error);
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
    return this.unheld.waitFor(executionId, timeoutMs);
  }

  async get(userId: string, executionId: string): Promise<ExecutionDetail | undefined> {
    const run = this.runs.held(executionId);
    if (run) return run.userId === userId ? run.detail() : undefined;
    const row = await this.repository.get(userId, executionId);
    if (!row) return undefined;
    // Scale-out: a run in progress elsewhere has only its start in the row; its events tell the rest.
    return isActiveStatus(row.status) ? this.unheld.liveDetail(row) : toDetail(row);
  }

  async list(userId: string, filters: ListFilters): Promise<ExecutionSummary[]> {
    const rows = await this.repository.list(userId, filters);
    return rows.map((row) => this.runs.liveSummary(toSummary(row)));
  }

  /** Cancels a queued or running execution; a finished one answers as it is. Undefined if not the user's. */
  async cancel(userId: string, executionId: string): Promise<ExecutionSummary | undefined> {
    const run = this.runs.active.get(executionId);
    if (run) {
      if (run.userId !== userId) return undefined;
      run.cancelRequested = true;
      if (run.task && this.queue.remove(run.task)) {
        await this.runs.endUnstarted(run, 'cancelled', 'Run cancelled');
      } else {
        run.controller.abort(new Error('Cancelled'));
        await run.done;
      }
      return { ...run.summary };
    }
    const row = await this.repository.getSummary(userId, executionId);
    if (!row) return undefined;
    return isActiveStatus(row.status) ? this.unheld.cancel(row) : toSummary(row);
  }

  /** Deletes an execution (cancelling it first if it runs). False if not the user's. */
  async delete(userId: string, executionId: string): Promise<boolean> {
    const run = this.runs.active.get(executionId);
    // Scale-out: a run held by a worker is stopped first too (cancel asks the row).
    if (run?.userId === userId || this.options.remote) await this.cancel(userId, executionId);
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
    return this.unheld.watch(userId, executionId, after, sink);
  }

  /** How many live watchers an execution has (they leave when their client disconnects). */
  watcherCount(executionId: string): number {
    return this.hub.listenerCount(executionId);
  }

  /** Runs executing in this process and waiting for a slot in its queue. */
  queueSize(): { running: number; waiting: number } {
    return this.queue.size;
  }

  /** The executions this process is executing now (started, not yet stored as ended). */
  runningIds(): string[] {
    return this.runs.runningIds();
  }

  /**
   * Embedded: marks every execution left queued or running by a stopped server as failed.
   * Scale-out: only those whose worker stopped answering (other processes run the rest).
   */
  recoverOrphans(): Promise<number> {
    return this.unheld.recoverOrphans();
  }

  /** Names this process in the executions it runs (`runner_id`). */
  get runnerId(): string {
    return this.maintenance.runnerId;
  }

  /**
   * Scale-out worker: runs an execution that an API process stored and this process has
   * claimed, or ends it at once with `refusal` (why it cannot run). Resolves once its
   * end is stored.
   */
  async runClaimed(run: ActiveRun, configErrors: ReadonlyMap<string, Error>, refusal?: string): Promise<void> {
    this.runs.active.set(run.id, run);
    const reason = refusal ?? this.runs.stopping;
    if (reason === undefined) return this.runs.execute(run, configErrors);
    await this.runs.endUnstarted(run, 'error', reason);
  }

  /** Scale-out worker: the whole answer a waiting API process gets through Redis (see HeldRuns). */
  takeWholeAnswer(run: ActiveRun): Record<string, unknown> | undefined {
    return this.runs.takeWholeAnswer(run);
  }

  /** Scale-out worker: aborts a run this process holds (an API process asked to cancel). False if it holds none. */
  abortHeld(executionId: string): boolean {
    const run = this.runs.active.get(executionId);
    if (!run) return false;
    run.cancelRequested = true;
    run.controller.abort(new Error('Cancelled'));
    return true;
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
      if (run.task && this.queue.remove(run.task)) await this.runs.endUnstarted(run, 'error', stopping);
      else run.controller.abort(new Error(stopping));
    }
    await Promise.all(runs.map((run) => run.done));
  }
}
