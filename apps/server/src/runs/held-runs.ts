import { executeWorkflow, type RunEvent, totalsOf } from '@weft/core';
import { isOutputNode, type ToolApprovalService } from '@weft/nodes';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import type { ActiveRun } from './active-run.js';
import type { ExecutionDetail, ExecutionStatus, ExecutionSummary } from './execution-types.js';
import type { ExecutionsRepository } from './executions.repository.js';
import type { RunDependencies } from './run-dependencies.js';
import { endedRun, firstFailedNode, type RunEndListener } from './run-end.js';
import type { RunEventHub } from './run-event-hub.js';
import { executorsFor, nodePolicy, timerScheduler } from './run-executors.js';

/** The final write is retried with backoff doubling from 50 ms up to this. */
const FINAL_WRITE_MAX_BACKOFF_MS = 2_000;
/** While stopping, the final write gets this many tries (about 6 s) before the process lets go. */
const FINAL_WRITE_TRIES_WHILE_STOPPING = 6;

/** WEFT_SYNC_ANSWER_MAX_MB's default: a synchronous answer carries outputs whole up to this. */
export const DEFAULT_ANSWER_MAX_BYTES = 10 * 1024 * 1024;

/** How many finished runs stay in memory so that `waitFor` and reads right after the end need no query. */
const RECENT_KEPT = 512;

export interface HeldRunsOptions {
  repository: ExecutionsRepository;
  hub: RunEventHub;
  clock: Clock;
  logger: Logger;
  dependencies: RunDependencies;
  metrics?: Metrics | undefined;
  /** Largest output a synchronous answer carries whole (WEFT_SYNC_ANSWER_MAX_MB). */
  answerMaxBytes?: number | undefined;
  /** Scale-out: the runner the final write must still belong to (a sweep may have ended the row); undefined in embedded mode. */
  finishingRunner?: string | undefined;
  /** Told each end this process stored (failure alerts); never told an end another process stored first. */
  onEnded?: RunEndListener | undefined;
}

/** How held runs store a wait for approval, and tell that one was stored. */
export interface WaitingRuns {
  /** Stores the run's held calls (masked), before its `waiting` status is written. */
  store(run: ActiveRun): Promise<void>;
  /** The run is stored as `waiting`: decisions may have come in meanwhile, so it may go on at once. */
  stored(executionId: string): void;
}

/**
 * The runs this process holds in memory, from queued to just finished: executing one on
 * the engine, recording its events (masked, published to live watchers), and its one
 * durable closing write. `RunService` is the API over executions; this is what runs here.
 */
export class HeldRuns {
  readonly active = new Map<string, ActiveRun>();
  /** Just-finished runs, oldest first (a Map keeps insertion order). */
  private readonly recent = new Map<string, ActiveRun>();
  /** Set once the process begins to stop: why its runs end. */
  stopping: string | undefined;
  /**
   * Where Agents' tool calls wait for approval (both modes, set by create-runs.ts);
   * absent: an Agent with such a tool fails saying the server cannot hold a run.
   */
  waiting: WaitingRuns | undefined;

  constructor(private readonly options: HeldRunsOptions) {}

  /** A run this process holds, running or just finished. */
  held(executionId: string): ActiveRun | undefined {
    return this.active.get(executionId) ?? this.recent.get(executionId);
  }

  /** Only the just-finished ones (waitFor answers them without a query). */
  recentRun(executionId: string): ActiveRun | undefined {
    return this.recent.get(executionId);
  }

  forget(executionId: string): void {
    this.recent.delete(executionId);
  }

  /** A stored summary with what memory knows better (a run's live status). */
  liveSummary(summary: ExecutionSummary): ExecutionSummary {
    const run = this.active.get(summary.id);
    return run ? { ...run.summary } : summary;
  }

  /** The user's runs held here whose row is not written yet (unstored-row.ts), newest first. */
  unstoredOf(userId: string): ExecutionSummary[] {
    return this.unstoredRuns(userId)
      .map((run) => ({ ...run.summary }))
      .reverse();
  }

  /** How many of them there are (the quota's trim leaves room for their rows), without copying summaries. */
  unstoredCount(userId: string): number {
    return this.unstoredRuns(userId).length;
  }

  private unstoredRuns(userId: string): ActiveRun[] {
    return [...this.active.values()].filter((run) => run.userId === userId && run.unstored !== undefined && !run.unstored.written);
  }

  /** The executions this process is executing now (started, not yet stored as ended). */
  runningIds(): string[] {
    return [...this.active.values()].filter((run) => run.started && !run.finished).map((run) => run.id);
  }

  async execute(run: ActiveRun, configErrors: ReadonlyMap<string, Error>): Promise<void> {
    run.started = true;
    run.summary.status = 'running';
    // A resumed run keeps its first start: its duration is the whole run's, the wait included.
    if (!run.resume || !run.summary.startedAt) run.summary.startedAt = this.options.clock.now().toISOString();
    if (run.resume) this.publishResumed(run);
    try {
      const { plan } = run;
      const base = this.options.dependencies.nodeServices({
        userId: run.userId,
        executionId: run.id,
        workflowId: run.summary.workflowId,
        sessionId: run.sessionId,
        mask: (value) => run.recorder.mask(value),
        params: run.params,
        recordUsage: (usage) => run.recorder.addUsage(usage),
      });
      const approvals: ToolApprovalService = { resumed: (nodeId) => run.resume?.agents.get(nodeId), hold: (held) => run.holds.push(held) };
      const services = this.waiting ? { ...base, approvals } : base;
      const result = await executeWorkflow({
        runId: run.id,
        nodes: plan.nodes,
        edges: plan.edges,
        executorFor: executorsFor(plan, configErrors),
        services,
        runInputs: run.runInputs,
        seeded: plan.seeded,
        policy: (node) => nodePolicy(plan, node),
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
   * Ends a run the engine never ran (cancelled while queued, refused, caught by shutdown):
   * the engine has no events to give, so its end is ours to say, then to store.
   */
  async endUnstarted(run: ActiveRun, status: 'error' | 'cancelled', error: string): Promise<void> {
    this.record(run, { type: 'run:finished', runId: run.id, at: this.nowMs(), status, error, outputs: {} });
    await this.finish(run, status, error);
  }

  /** The run's detail with its whole outputs when a caller asked for them and they fit the answer limit; handed out once. */
  answerOf(run: ActiveRun): ExecutionDetail {
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

  /**
   * The engine ends a run aborted by shutdown as `cancelled`; the row says `error` with the
   * reason (`finish`), and the stored events must say the same.
   */
  private asStopped(run: ActiveRun, event: RunEvent): RunEvent {
    if (event.type !== 'run:finished' || event.status !== 'cancelled' || run.cancelRequested || !this.stopping) return event;
    return { ...event, status: 'error', error: this.stopping };
  }

  /**
   * The `run:resumed` that planResume recorded after the stored events, to the watchers who
   * stayed connected through the wait (a new watcher reads it from the recorder's events).
   */
  private publishResumed(run: ActiveRun): void {
    const seq = run.recorder.events.length;
    const last = run.recorder.events[seq - 1];
    if (last?.type === 'run:resumed') this.options.hub.publish(run.id, seq, last);
  }

  /** Keeps the event (masked, size-limited) and passes it to live watchers. Never throws into the engine. */
  private record(run: ActiveRun, event: RunEvent): void {
    if (run.resume && isRepeatOfWait(run.resume.seeded, event)) return;
    try {
      // Storage cuts large values; a caller waiting for the answer gets them whole (masked).
      if (event.type === 'run:finished' && run.answerWanted) run.keepAnswerOutputs(run.recorder.maskValues(event.outputs));
      const before = run.recorder.events.length;
      const last = run.recorder.record(event);
      // One event may have added two (held-back token text goes out first): publish each.
      for (let seq = before + 1; seq <= last; seq++) this.options.hub.publish(run.id, seq, run.recorder.events[seq - 1] as RunEvent);
    } catch (error) {
      this.options.logger.error({ err: error, executionId: run.id }, 'Could not record a run event');
    }
  }

  /** The run's one closing write; then it leaves the active set. */
  private async finish(run: ActiveRun, engineStatus: Exclude<ExecutionStatus, 'queued' | 'running'>, engineError: string | null): Promise<void> {
    const { logger, metrics } = this.options;
    let status = engineStatus;
    let error = engineError === null ? null : run.recorder.maskText(engineError);
    const byShutdown = this.stopping !== undefined && !run.cancelRequested && (status === 'cancelled' || error === this.stopping);
    if (status === 'cancelled' && !run.cancelRequested && this.stopping) {
      // Aborted by shutdown, not by a person: a failure with the reason, like an orphan.
      status = 'error';
      error = this.stopping;
    }
    if (status === 'waiting' && !this.waiting) {
      status = 'error';
      error = 'A node waited for approval, but this server cannot hold a run for a decision.';
    }
    let stored = false;
    const finished = this.options.clock.now();
    const summary = run.summary;
    const finishedAt = finished.toISOString();
    const durationMs = summary.startedAt ? Math.max(0, finished.getTime() - Date.parse(summary.startedAt)) : null;
    const columns = { status, error, startedAt: summary.startedAt, finishedAt, durationMs, ...run.recorder.columns(status) };
    // The result is told (waitFor, GET) only once it is stored: until then the run reads as
    // running, its heartbeat goes on, and the write is tried again (disk full, I/O error, a
    // lock held by another process). While stopping, a few tries; then the next start's
    // recovery marks the row failed, as after a crash.
    for (let attempt = 1; ; attempt++) {
      try {
        // The held calls first: a row that says `waiting` always has them (and they need the row).
        if (status === 'waiting') {
          await run.unstored?.store();
          await this.waiting?.store(run);
        }
        // A run answered in its request whose row was never written: one INSERT with its end.
        const together = run.unstored ? await run.unstored.endTogether(columns) : false;
        // Scale-out: only while the row is still ours (a cancel or the stale-heartbeat sweep may have ended it).
        const written = together || (await this.options.repository.finish(run.id, summary.workflowId, columns, this.options.finishingRunner));
        if (!written) logger.warn({ executionId: run.id }, 'A run ended after another process had ended its execution; its result was not stored');
        stored = written;
        summary.status = status;
        summary.error = error;
        summary.finishedAt = finishedAt;
        summary.durationMs = durationMs;
        if (run.recorder.usage) summary.usage = totalsOf(run.recorder.usage);
        metrics?.runsFinished.inc({ status });
        if (durationMs !== null) metrics?.runDuration.observe({ status }, durationMs / 1000);
        break;
      } catch (failure) {
        metrics?.finalWriteRetries.inc();
        const givingUp = this.stopping !== undefined && attempt >= FINAL_WRITE_TRIES_WHILE_STOPPING;
        logger.error(
          { err: failure, executionId: run.id, attempt },
          givingUp ? 'Could not store the end of a run before stopping; the next start marks it failed' : 'Could not store the end of a run; trying again',
        );
        if (givingUp) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(FINAL_WRITE_MAX_BACKOFF_MS, 50 * 2 ** (attempt - 1))));
      }
    }
    this.active.delete(run.id);
    run.recorder.releaseEvents();
    this.remember(run);
    run.markDone();
    if (stored && status === 'waiting') this.waiting?.stored(run.id);
    else if (stored) this.tellEnded(run, byShutdown);
  }

  /** Tells the listener (failure alerts) of a stored end; a listener's fault never reaches the run. */
  private tellEnded(run: ActiveRun, byShutdown: boolean): void {
    const { onEnded, logger } = this.options;
    if (!onEnded) return;
    try {
      const failedNode = run.summary.status === 'error' ? firstFailedNode(run.recorder.nodes, run.plan.nodes) : null;
      const ended = endedRun(run.userId, run.summary, { failedNode, byShutdown });
      if (ended) onEnded(ended);
    } catch (error) {
      logger.error({ err: error, executionId: run.id }, 'Could not pass on the end of a run');
    }
  }

  private remember(run: ActiveRun): void {
    this.recent.set(run.id, run);
    if (this.recent.size <= RECENT_KEPT) return;
    const oldest = this.recent.keys().next();
    if (!oldest.done) this.recent.delete(oldest.value);
  }

  private readonly nowMs = (): number => this.options.clock.nowMs?.() ?? this.options.clock.now().getTime();
}

/**
 * A resumed run's engine starts over with the nodes that finished before the wait seeded:
 * its start and those nodes' queued and finished events are already in the stream, so they
 * are not recorded again (the stream reads as one run, `run:resumed` in the middle).
 */
function isRepeatOfWait(seeded: ReadonlySet<string>, event: RunEvent): boolean {
  if (event.type === 'run:started') return true;
  if (event.type === 'node:queued') return seeded.has(event.nodeId);
  return event.type === 'node:finished' && event.source === 'reused' && seeded.has(event.nodeId);
}
