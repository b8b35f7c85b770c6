import { executeWorkflow, type RunEvent } from '@weft/core';
import { isOutputNode } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Clock } from '../services/clock.js';
import { ShuttingDownError } from '../services/lifecycle.js';
import type { Metrics } from '../services/metrics.js';
import { newId } from '../services/tokens.js';
import { readStoredWorkflow } from '../services/workflow-document.js';
import { ActiveRun } from './active-run.js';
import { type ExecutionDetail, type ExecutionStatus, type ExecutionSummary, isActiveStatus, type RunTrigger } from './execution-types.js';
import { ExecutionsRepository, type ListFilters, toDetail, toSummary } from './executions.repository.js';
import { prepareRun } from './prepare-run.js';
import { raceTimeout } from './race-timeout.js';
import type { RemoteRuns } from './remote-runs.js';
import type { RunDependencies } from './run-dependencies.js';
import { InProcessRunEventHub, type RunEventHub } from './run-event-hub.js';
import { executorsFor, policyFor, timerScheduler } from './run-executors.js';
import { type RetentionSettings, RunMaintenance } from './run-maintenance.js';
import { RunQueue } from './run-queue.js';
import { type RunEventSink, type StopWatching, watchActiveRun, watchStoredRun } from './watch-run.js';

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
}

export type StartRunResult = { ok: true; execution: ExecutionSummary; reused: boolean } | { ok: false; reason: 'not_found' | 'invalid'; message: string };

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
}

/** The final write is retried with backoff doubling from 50 ms up to this. */
const FINAL_WRITE_MAX_BACKOFF_MS = 2_000;
/** While stopping, the final write gets this many tries (about 6 s) before the process lets go. */
const FINAL_WRITE_TRIES_WHILE_STOPPING = 6;

/** WEFT_SYNC_ANSWER_MAX_MB's default: a synchronous answer carries outputs whole up to this. */
export const DEFAULT_ANSWER_MAX_BYTES = 10 * 1024 * 1024;

/** How many finished runs stay in memory so that `waitFor` and reads right after the end need no query. */
const RECENT_KEPT = 512;

/**
 * Runs workflows and keeps their history (DESIGN.md "Running workflows"). A run costs
 * one INSERT when it starts and one UPDATE when it ends: events, node results and logs
 * stay in memory meanwhile (`RunRecorder`), live watchers get them through the hub, and
 * reads of a run in progress are answered from memory.
 */
export class RunService {
  private readonly repository: ExecutionsRepository;
  private readonly queue: RunQueue;
  private readonly hub: RunEventHub;
  private readonly active = new Map<string, ActiveRun>();
  /** Just-finished runs, oldest first (a Map keeps insertion order). */
  private readonly recent = new Map<string, ActiveRun>();
  private readonly maintenance: RunMaintenance;
  private stopping: string | undefined;

  constructor(private readonly options: RunServiceOptions) {
    this.repository = new ExecutionsRepository(options.db);
    const concurrency = Math.max(1, options.concurrency);
    this.queue = new RunQueue(concurrency, Math.max(1, Math.min(concurrency, options.concurrencyPerUser ?? concurrency)));
    this.hub = options.hub ?? new InProcessRunEventHub();
    this.maintenance = new RunMaintenance({
      repository: this.repository,
      clock: options.clock,
      logger: options.logger,
      retention: options.retention,
      reclaimSpace: options.reclaimSpace,
      runningIds: () => this.runningIds(),
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
  }

  /** Loads the user's workflow, checks that it can run, stores the execution and queues it. */
  async start(request: StartRunRequest): Promise<StartRunResult> {
    if (this.stopping) throw new ShuttingDownError();
    const { userId, idempotencyKey } = request;
    if (idempotencyKey !== undefined) {
      const existing = await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return { ok: true, execution: this.liveSummary(toSummary(existing)), reused: true };
    }
    const workflow = await this.repository.loadWorkflow(userId, request.workflowId);
    if (!workflow) return { ok: false, reason: 'not_found', message: 'Workflow not found' };
    const document = readStoredWorkflow(workflow.document);
    const prepared = await prepareRun(this.options.dependencies, userId, document);
    if (!prepared.ok) return { ok: false, reason: 'invalid', message: prepared.message };

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
    };
    const inserted = await this.repository.insert({
      id: summary.id,
      user_id: userId,
      workflow_id: summary.workflowId,
      workflow_name: summary.workflowName,
      workflow_version: summary.workflowVersion,
      trigger: summary.trigger,
      status: summary.status,
      error: null,
      inputs: JSON.stringify(storedInputs),
      outputs: null,
      nodes: '{}',
      usage: null,
      events: null,
      idempotency_key: idempotencyKey ?? null,
      schedule_id: request.schedule?.id ?? null,
      scheduled_for: request.schedule?.scheduledFor ?? null,
      created_at: createdAt,
      started_at: summary.startedAt,
      finished_at: null,
      duration_ms: null,
      // Scale-out: the worker that claims it names itself.
      runner_id: remote ? null : this.maintenance.runnerId,
      heartbeat_at: createdAt,
    });
    if (!inserted) {
      // Another request with the same key won the race: answer its execution.
      const winner = idempotencyKey === undefined ? undefined : await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (!winner) throw new Error('The execution could not be stored. Try again.');
      return { ok: true, execution: this.liveSummary(toSummary(winner)), reused: true };
    }
    this.options.metrics?.runsStarted.inc({ trigger: summary.trigger });
    if (remote)
      return {
        ok: true,
        execution: await remote.enqueue(
          { executionId: summary.id, userId, document: workflow.document, inputs: runInputs, ...(request.answerWanted ? { answerWanted: true } : {}) },
          summary,
        ),
        reused: false,
      };
    const run = new ActiveRun(userId, { ...summary, status: 'queued', startedAt: null }, runInputs, storedInputs, prepared.plan, prepared.params, recorder);
    run.answerWanted = request.answerWanted === true;
    const task = () => this.execute(run, prepared.configErrors);
    run.task = task;
    this.active.set(run.id, run);
    if (this.stopping) {
      // The server began to stop while this start was being stored: end it as close() would.
      this.record(run, { type: 'run:finished', runId: run.id, at: this.nowMs(), status: 'error', error: this.stopping, outputs: {} });
      await this.finish(run, 'error', this.stopping);
      return { ok: true, execution: { ...run.summary }, reused: false };
    }
    // Fair between users, and between one user's workflows (a webhook flood on one).
    this.queue.push(task, userId, workflow.id);
    return { ok: true, execution: summary, reused: false };
  }

  /**
   * Stores an execution that could not start, ended at once with `error` as its reason: a
   * scheduled workflow that cannot run (a deleted node type, a missing secret) leaves one
   * per tick in its history, where its owner looks, rather than nothing. Undefined when the
   * workflow is gone; the idempotency key keeps a retried tick to one row.
   */
  async recordRefused(request: StartRunRequest, error: string): Promise<ExecutionSummary | undefined> {
    const { userId, idempotencyKey } = request;
    if (idempotencyKey !== undefined) {
      const existing = await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return toSummary(existing);
    }
    const workflow = await this.repository.loadWorkflow(userId, request.workflowId);
    if (!workflow) return undefined;
    const at = this.options.clock.now().toISOString();
    const row = {
      id: newId(),
      user_id: userId,
      workflow_id: workflow.id,
      workflow_name: workflow.name,
      workflow_version: workflow.version,
      trigger: request.trigger,
      status: 'error' as const,
      error,
      inputs: '{}',
      outputs: null,
      nodes: '{}',
      usage: null,
      events: null,
      idempotency_key: idempotencyKey ?? null,
      schedule_id: request.schedule?.id ?? null,
      scheduled_for: request.schedule?.scheduledFor ?? null,
      created_at: at,
      started_at: at,
      finished_at: at,
      duration_ms: 0,
      runner_id: null,
      heartbeat_at: at,
    };
    if (!(await this.repository.insert(row))) {
      const winner = idempotencyKey === undefined ? undefined : await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      return winner ? toSummary(winner) : undefined;
    }
    await this.repository.finish(row.id, workflow.id, {
      status: 'error',
      error,
      startedAt: at,
      finishedAt: at,
      durationMs: 0,
      nodes: '{}',
      outputs: '{}',
      usage: null,
      events: '[]',
    });
    return toSummary(row);
  }

  /** The execution once it has ended, or as it is when `timeoutMs` runs out first. */
  async waitFor(executionId: string, timeoutMs?: number): Promise<ExecutionDetail> {
    const run = this.active.get(executionId);
    if (run) {
      if (timeoutMs === undefined) await run.done;
      else await raceTimeout(run.done, timeoutMs);
      return this.answerOf(run);
    }
    const recent = this.recent.get(executionId);
    if (recent) return this.answerOf(recent);
    if (this.options.remote) return this.options.remote.waitFor(executionId, timeoutMs);
    const row = await this.repository.getById(executionId);
    if (!row) throw new Error(`Execution ${executionId} does not exist`);
    return toDetail(row);
  }

  async get(userId: string, executionId: string): Promise<ExecutionDetail | undefined> {
    const run = this.held(executionId);
    if (run) return run.userId === userId ? run.detail() : undefined;
    const row = await this.repository.get(userId, executionId);
    if (!row) return undefined;
    // Scale-out: a run in progress elsewhere has only its start in the row; its events tell the rest.
    if (this.options.remote && isActiveStatus(row.status)) return this.options.remote.liveDetail(row);
    return toDetail(row);
  }

  async list(userId: string, filters: ListFilters): Promise<ExecutionSummary[]> {
    const rows = await this.repository.list(userId, filters);
    return rows.map((row) => this.liveSummary(toSummary(row)));
  }

  /** Cancels a queued or running execution; a finished one answers as it is. Undefined if not the user's. */
  async cancel(userId: string, executionId: string): Promise<ExecutionSummary | undefined> {
    const run = this.active.get(executionId);
    if (run) {
      if (run.userId !== userId) return undefined;
      run.cancelRequested = true;
      if (run.task && this.queue.remove(run.task)) {
        // Never started: the engine has no events to give, so the run's end is ours to say.
        this.record(run, { type: 'run:finished', runId: run.id, at: this.nowMs(), status: 'cancelled', error: 'Run cancelled', outputs: {} });
        await this.finish(run, 'cancelled', 'Run cancelled');
      } else {
        run.controller.abort(new Error('Cancelled'));
        await run.done;
      }
      return { ...run.summary };
    }
    const row = await this.repository.getSummary(userId, executionId);
    if (!row) return undefined;
    if (row.status === 'queued' || row.status === 'running') {
      if (this.options.remote) return this.options.remote.cancel(row);
      // No process here runs it (a leftover): the row is all there is to end.
      await this.repository.markEnded(executionId, 'cancelled', 'Run cancelled', this.options.clock.now().toISOString());
      const ended = await this.repository.getSummary(userId, executionId);
      return ended ? toSummary(ended) : undefined;
    }
    return toSummary(row);
  }

  /** Deletes an execution (cancelling it first if it runs). False if not the user's. */
  async delete(userId: string, executionId: string): Promise<boolean> {
    const run = this.active.get(executionId);
    // Scale-out: a run held by a worker is stopped first too (cancel asks the row).
    if (run?.userId === userId || this.options.remote) await this.cancel(userId, executionId);
    this.recent.delete(executionId);
    return this.repository.delete(userId, executionId);
  }

  /**
   * Sends the execution's events after `after` (a Last-Event-ID) to `sink`, then live
   * ones, and ends it after `run:finished`. Undefined when the execution is not the user's.
   */
  async watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined> {
    // A run leaves `active` only once its end is stored, so a finished run replays from storage.
    const run = this.active.get(executionId);
    if (run) return run.userId === userId ? watchActiveRun(run, this.hub, after, sink) : undefined;
    if (this.options.remote) return this.options.remote.watch(userId, executionId, after, sink);
    return watchStoredRun(this.repository, this.hub, userId, executionId, after, sink);
  }

  /** How many live watchers an execution has (they leave when their client disconnects). */
  watcherCount(executionId: string): number {
    return this.hub.listenerCount(executionId);
  }

  /**
   * Embedded: marks every execution left queued or running by a stopped server as failed.
   * Scale-out: only those whose worker stopped answering (other processes run the rest).
   */
  /** Runs executing in this process and waiting for a slot in its queue. */
  queueSize(): { running: number; waiting: number } {
    return this.queue.size;
  }

  /** The executions this process is executing now (started, not yet stored as ended). */
  runningIds(): string[] {
    return [...this.active.values()].filter((run) => run.started && !run.finished).map((run) => run.id);
  }

  recoverOrphans(): Promise<number> {
    return this.options.remote ? this.options.remote.recoverOrphans() : this.maintenance.recoverOrphans();
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
    this.active.set(run.id, run);
    const reason = refusal ?? this.stopping;
    if (reason === undefined) return this.execute(run, configErrors);
    this.record(run, { type: 'run:finished', runId: run.id, at: this.nowMs(), status: 'error', error: reason, outputs: {} });
    await this.finish(run, 'error', reason);
  }

  /** Scale-out worker: aborts a run this process holds (an API process asked to cancel). False if it holds none. */
  abortHeld(executionId: string): boolean {
    const run = this.active.get(executionId);
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
    this.stopping ??= `The server stopped while this execution was running (shutdown at ${this.options.clock.now().toISOString()}).`;
    await this.maintenance.stop();
    const runs = [...this.active.values()];
    for (const run of runs) {
      if (run.task && this.queue.remove(run.task)) {
        this.record(run, { type: 'run:finished', runId: run.id, at: this.nowMs(), status: 'error', error: this.stopping, outputs: {} });
        await this.finish(run, 'error', this.stopping);
      } else {
        run.controller.abort(new Error(this.stopping));
      }
    }
    await Promise.all(runs.map((run) => run.done));
  }

  private async execute(run: ActiveRun, configErrors: ReadonlyMap<string, Error>): Promise<void> {
    run.started = true;
    run.summary.status = 'running';
    run.summary.startedAt = this.options.clock.now().toISOString();
    try {
      const { plan } = run;
      const services = this.options.dependencies.nodeServices({
        userId: run.userId,
        executionId: run.id,
        params: run.params,
        recordUsage: (usage) => run.recorder.addUsage(usage),
      });
      const result = await executeWorkflow({
        runId: run.id,
        nodes: plan.nodes,
        edges: plan.edges,
        executorFor: executorsFor(plan, configErrors),
        services,
        runInputs: run.runInputs,
        policy: (node) => policyFor(plan.nodeType(node.type)),
        isOptionalInput: plan.isOptionalInput,
        isOutputNode,
        now: this.nowMs,
        schedule: timerScheduler,
        signal: run.controller.signal,
        onEvent: (event) => this.record(run, this.asStopped(run, event)),
      });
      await this.finish(run, result.status, result.error ?? null);
    } catch (error) {
      this.options.logger.error({ err: error, executionId: run.id }, 'A run failed outside its nodes');
      await this.finish(run, 'error', 'The run stopped on an internal error. Try again; if it persists, check the server log.');
    }
  }

  /**
   * The engine ends a run aborted by shutdown as `cancelled`; the row says `error` with the
   * reason (`finish`), and the stored events must say the same.
   */
  private asStopped(run: ActiveRun, event: RunEvent): RunEvent {
    if (event.type !== 'run:finished' || event.status !== 'cancelled' || run.cancelRequested || !this.stopping) return event;
    return { ...event, status: 'error', error: this.stopping };
  }

  /** The run's detail with its whole outputs when a caller asked for them and they fit the answer limit; handed out once. */
  private answerOf(run: ActiveRun): ExecutionDetail {
    const detail = run.detail();
    const whole = this.takeWholeAnswer(run);
    return whole === undefined ? detail : { ...detail, outputs: whole };
  }

  /**
   * The whole (masked) outputs of a finished run whose caller waits for them, if they fit the
   * answer limit (WEFT_SYNC_ANSWER_MAX_MB); handed out once. A scale-out worker passes them
   * to the waiting API process through Redis.
   */
  takeWholeAnswer(run: ActiveRun): Record<string, unknown> | undefined {
    const whole = run.takeAnswerOutputs();
    if (whole === undefined) return undefined;
    const limit = this.options.answerMaxBytes ?? DEFAULT_ANSWER_MAX_BYTES;
    return Buffer.byteLength(JSON.stringify(whole)) <= limit ? (whole as Record<string, unknown>) : undefined;
  }

  /** Keeps the event (masked, size-limited) and passes it to live watchers. Never throws into the engine. */
  private record(run: ActiveRun, event: RunEvent): void {
    try {
      // Storage cuts large values; a caller waiting for the answer gets them whole (masked).
      if (event.type === 'run:finished' && run.answerWanted) run.keepAnswerOutputs(run.recorder.maskValues(event.outputs));
      const before = run.recorder.events.length;
      const last = run.recorder.record(event);
      // One event may have added two (held-back token text goes out first): publish each.
      for (let seq = before + 1; seq <= last; seq++) this.hub.publish(run.id, seq, run.recorder.events[seq - 1] as RunEvent);
    } catch (error) {
      this.options.logger.error({ err: error, executionId: run.id }, 'Could not record a run event');
    }
  }

  /** The run's one closing write; then it leaves the active set. */
  private async finish(run: ActiveRun, engineStatus: Exclude<ExecutionStatus, 'queued' | 'running'>, engineError: string | null): Promise<void> {
    let status = engineStatus;
    let error = engineError === null ? null : run.recorder.maskText(engineError);
    if (status === 'cancelled' && !run.cancelRequested && this.stopping) {
      // Aborted by shutdown, not by a person: a failure with the reason, like an orphan.
      status = 'error';
      error = this.stopping;
    }
    const finished = this.options.clock.now();
    const summary = run.summary;
    const finishedAt = finished.toISOString();
    const durationMs = summary.startedAt ? Math.max(0, finished.getTime() - Date.parse(summary.startedAt)) : null;
    const columns = { status, error, startedAt: summary.startedAt, finishedAt, durationMs, ...run.recorder.columns() };
    // The result is told (waitFor, GET) only once it is stored: until then the run reads as
    // running, its heartbeat goes on, and the write is tried again (disk full, I/O error, a
    // lock held by another process). While stopping, a few tries; then the next start's
    // recovery marks the row failed, as after a crash.
    for (let attempt = 1; ; attempt++) {
      try {
        // Scale-out: only while the row is still ours (a cancel or the stale-heartbeat sweep may have ended it).
        const written = await this.repository.finish(run.id, summary.workflowId, columns, this.options.remote ? this.maintenance.runnerId : undefined);
        if (!written) this.options.logger.warn({ executionId: run.id }, 'A run ended after another process had ended its execution; its result was not stored');
        summary.status = status;
        summary.error = error;
        summary.finishedAt = finishedAt;
        summary.durationMs = durationMs;
        this.options.metrics?.runsFinished.inc({ status });
        if (durationMs !== null) this.options.metrics?.runDuration.observe({ status }, durationMs / 1000);
        break;
      } catch (failure) {
        this.options.metrics?.finalWriteRetries.inc();
        const givingUp = this.stopping !== undefined && attempt >= FINAL_WRITE_TRIES_WHILE_STOPPING;
        this.options.logger.error(
          { err: failure, executionId: run.id, attempt },
          givingUp ? 'Could not store the end of a run before stopping; the next start marks it failed' : 'Could not store the end of a run; trying again',
        );
        if (givingUp) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(FINAL_WRITE_MAX_BACKOFF_MS, 50 * 2 ** (attempt - 1))));
      }
    }
    this.active.delete(run.id);
    this.remember(run);
    run.markDone();
  }

  private remember(run: ActiveRun): void {
    this.recent.set(run.id, run);
    if (this.recent.size <= RECENT_KEPT) return;
    const oldest = this.recent.keys().next();
    if (!oldest.done) this.recent.delete(oldest.value);
  }

  /** A run this process holds in memory, running or just finished. */
  private held(executionId: string): ActiveRun | undefined {
    return this.active.get(executionId) ?? this.recent.get(executionId);
  }

  /** A stored summary with what memory knows better (a run's live status). */
  private liveSummary(summary: ExecutionSummary): ExecutionSummary {
    const run = this.active.get(summary.id);
    return run ? { ...run.summary } : summary;
  }

  private readonly nowMs = (): number => this.options.clock.now().getTime();
}
