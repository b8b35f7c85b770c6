import { executeWorkflow, type RunEvent, type WorkflowDocument } from '@weft/core';
import { isOutputNode } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Clock } from '../services/clock.js';
import { newId } from '../services/tokens.js';
import { ActiveRun } from './active-run.js';
import type { ExecutionDetail, ExecutionStatus, ExecutionSummary, RunTrigger } from './execution-types.js';
import { ExecutionsRepository, type ListFilters, toDetail, toSummary } from './executions.repository.js';
import { planRun, typesOf } from './plan-run.js';
import type { RunDependencies } from './run-dependencies.js';
import { InProcessRunEventHub, type RunEventHub } from './run-event-hub.js';
import { executorsFor, policyFor, prepareNodes, timerScheduler } from './run-executors.js';
import { type RetentionSettings, RunMaintenance } from './run-maintenance.js';
import { RunQueue } from './run-queue.js';
import { RunRecorder } from './run-recorder.js';
import { type RunEventSink, type StopWatching, watchActiveRun, watchStoredRun } from './watch-run.js';

export interface StartRunRequest {
  userId: string;
  workflowId: string;
  trigger: RunTrigger;
  /** Run inputs by node id (Text Inputs that ask on run). */
  inputs?: Record<string, unknown>;
  /** The same key again answers the first execution instead of starting another. */
  idempotencyKey?: string | undefined;
}

export type StartRunResult = { ok: true; execution: ExecutionSummary; reused: boolean } | { ok: false; reason: 'not_found' | 'invalid'; message: string };

export interface RunServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  dependencies: RunDependencies;
  /** How many runs go at once in this process (WEFT_RUN_CONCURRENCY); the rest wait as `queued`. */
  concurrency: number;
  retention: RetentionSettings;
  /** Gives deleted rows' disk space back (SQLite incremental vacuum). */
  reclaimSpace: () => Promise<void>;
  hub?: RunEventHub;
}

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
    this.queue = new RunQueue(Math.max(1, options.concurrency));
    this.hub = options.hub ?? new InProcessRunEventHub();
    this.maintenance = new RunMaintenance({
      repository: this.repository,
      clock: options.clock,
      logger: options.logger,
      retention: options.retention,
      reclaimSpace: options.reclaimSpace,
      runningIds: () => [...this.active.values()].filter((run) => run.started && !run.finished).map((run) => run.id),
    });
  }

  /** Loads the user's workflow, checks that it can run, stores the execution and queues it. */
  async start(request: StartRunRequest): Promise<StartRunResult> {
    if (this.stopping) throw new Error('The server is shutting down. Try again in a moment.');
    const { userId, idempotencyKey } = request;
    if (idempotencyKey !== undefined) {
      const existing = await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return { ok: true, execution: this.liveSummary(toSummary(existing)), reused: true };
    }
    const workflow = await this.repository.loadWorkflow(userId, request.workflowId);
    if (!workflow) return { ok: false, reason: 'not_found', message: 'Workflow not found' };
    const document = JSON.parse(workflow.document) as WorkflowDocument;
    const deps = this.options.dependencies;
    const [nodeType, secrets] = await Promise.all([deps.nodeTypes(userId, typesOf(document)), this.secretsOf(userId)]);
    if (!secrets.ok) return { ok: false, reason: 'invalid', message: secrets.message };
    const planned = planRun(document, nodeType);
    if (!planned.ok) return { ok: false, reason: 'invalid', message: planned.message };

    const secretValues = Object.values(secrets.values);
    const recorder = new RunRecorder(secretValues.length > 0 ? deps.createMasker(secretValues) : null);
    const prepared = prepareNodes(planned.plan, document.globalParameters, secrets.values);
    const runInputs = request.inputs ?? {};
    const storedInputs = recorder.storableValues(runInputs);
    const createdAt = this.options.clock.now().toISOString();
    const runsNow = this.queue.hasRoom;
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
      created_at: createdAt,
      started_at: summary.startedAt,
      finished_at: null,
      duration_ms: null,
      runner_id: this.maintenance.runnerId,
      heartbeat_at: createdAt,
    });
    if (!inserted) {
      // Another request with the same key won the race: answer its execution.
      const winner = idempotencyKey === undefined ? undefined : await this.repository.findByIdempotencyKey(userId, idempotencyKey);
      if (!winner) throw new Error('The execution could not be stored. Try again.');
      return { ok: true, execution: this.liveSummary(toSummary(winner)), reused: true };
    }
    const run = new ActiveRun(userId, { ...summary, status: 'queued', startedAt: null }, runInputs, storedInputs, prepared.plan, prepared.params, recorder);
    const task = () => this.execute(run, prepared.configErrors);
    run.task = task;
    this.active.set(run.id, run);
    if (this.stopping) {
      // The server began to stop while this start was being stored: end it as close() would.
      this.record(run, { type: 'run:finished', runId: run.id, at: this.nowMs(), status: 'error', error: this.stopping, outputs: {} });
      await this.finish(run, 'error', this.stopping);
      return { ok: true, execution: { ...run.summary }, reused: false };
    }
    this.queue.push(task);
    return { ok: true, execution: summary, reused: false };
  }

  /** The execution once it has ended, or as it is when `timeoutMs` runs out first. */
  async waitFor(executionId: string, timeoutMs?: number): Promise<ExecutionDetail> {
    const run = this.active.get(executionId);
    if (run) {
      if (timeoutMs === undefined) await run.done;
      else await raceTimeout(run.done, timeoutMs);
      return run.detail();
    }
    const recent = this.recent.get(executionId);
    if (recent) return recent.detail();
    const row = await this.repository.getById(executionId);
    if (!row) throw new Error(`Execution ${executionId} does not exist`);
    return toDetail(row);
  }

  async get(userId: string, executionId: string): Promise<ExecutionDetail | undefined> {
    const run = this.held(executionId);
    if (run) return run.userId === userId ? run.detail() : undefined;
    const row = await this.repository.get(userId, executionId);
    return row ? toDetail(row) : undefined;
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
    if (run?.userId === userId) await this.cancel(userId, executionId);
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
    return watchStoredRun(this.repository, this.hub, userId, executionId, after, sink);
  }

  /** How many live watchers an execution has (they leave when their client disconnects). */
  watcherCount(executionId: string): number {
    return this.hub.listenerCount(executionId);
  }

  /** Marks every execution left queued or running by a stopped server as failed. */
  recoverOrphans(): Promise<number> {
    return this.maintenance.recoverOrphans();
  }

  /** Applies retention now (it also runs hourly once `startMaintenance` was called). */
  sweepRetention(): Promise<number> {
    return this.maintenance.sweep();
  }

  /** Starts the hourly retention sweep (one right away) and the heartbeat of long runs. */
  startMaintenance(): void {
    this.maintenance.start();
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
        onEvent: (event) => this.record(run, event),
      });
      await this.finish(run, result.status, result.error ?? null);
    } catch (error) {
      this.options.logger.error({ err: error, executionId: run.id }, 'A run failed outside its nodes');
      await this.finish(run, 'error', 'The run stopped on an internal error. Try again; if it persists, check the server log.');
    }
  }

  /** Keeps the event (masked, size-limited) and passes it to live watchers. Never throws into the engine. */
  private record(run: ActiveRun, event: RunEvent): void {
    try {
      const seq = run.recorder.record(event);
      this.hub.publish(run.id, seq, run.recorder.events[seq - 1] as RunEvent);
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
    summary.status = status;
    summary.error = error;
    summary.finishedAt = finished.toISOString();
    summary.durationMs = summary.startedAt ? Math.max(0, finished.getTime() - Date.parse(summary.startedAt)) : null;
    try {
      await this.repository.finish(run.id, summary.workflowId, {
        status,
        error,
        startedAt: summary.startedAt,
        finishedAt: summary.finishedAt,
        durationMs: summary.durationMs,
        ...run.recorder.columns(),
      });
    } catch (failure) {
      this.options.logger.error({ err: failure, executionId: run.id }, 'Could not store the end of a run');
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

  private async secretsOf(userId: string): Promise<{ ok: true; values: Readonly<Record<string, string>> } | { ok: false; message: string }> {
    try {
      return { ok: true, values: await this.options.dependencies.secretValues(userId) };
    } catch (error) {
      // A secret that cannot be decrypted (a changed key): the message says what to do.
      if (error instanceof Error && error.name === 'SecretDecryptError') return { ok: false, message: error.message };
      throw error;
    }
  }

  private readonly nowMs = (): number => this.options.clock.now().getTime();
}

function raceTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
