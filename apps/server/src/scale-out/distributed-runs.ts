import type { RunEvent } from '@weft/core';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import { type ExecutionDetail, type ExecutionStatus, type ExecutionSummary, isActiveStatus } from '../runs/execution-types.js';
import { type ExecutionRow, type ExecutionsRepository, type SummaryRow, toDetail, toSummary } from '../runs/executions.repository.js';
import { raceTimeout } from '../runs/race-timeout.js';
import type { RunJob } from '../runs/run-job.js';
import { type LaunchRequest, type RunLauncher, RunNotQueuedError } from '../runs/run-launcher.js';
import { RunRecorder } from '../runs/run-recorder.js';
import { type RunEventSink, type StopWatching, watchStoredRun } from '../runs/watch-run.js';
import type { FairShareCounts } from './fair-share-counts.js';
import type { OrphanSweep } from './orphan-sweep.js';
import type { RedisRunEvents, ReplySlot } from './redis-run-events.js';
import type { RunJobQueue } from './run-job-queue.js';

export interface DistributedRunsOptions {
  repository: ExecutionsRepository;
  events: RedisRunEvents;
  queue: RunJobQueue;
  fairShare: FairShareCounts;
  sweep: OrphanSweep;
  clock: Clock;
  logger: Logger;
  /** Counts lease expiries (runs whose worker went silent) for operators. */
  metrics?: Metrics | undefined;
  /** How long a cancel waits for the worker to store the end before ending the row itself. */
  cancelWaitMs?: number;
}

const CANCELLED = 'Run cancelled';
/**
 * A wait also re-reads the row this often: Redis pub/sub delivers at most once, and a
 * notice published while this process was reconnecting to Redis would be lost.
 */
const STORED_POLL_MS = 5_000;
/**
 * How long a run request waits for Redis to take its job. Redis answers an add in
 * milliseconds; past this it is stalled or away, and the request is answered without it.
 */
const ENQUEUE_WAIT_MS = 2_000;
/**
 * How long a wait for a run launched here listens only for its reply before it also joins
 * the run's own channel (where a cancel or the sweep of another process tells the end).
 */
const REPLY_ONLY_MS = 1_000;
/** Adds left waiting on a stalled Redis at most (each holds its job in memory). */
const MAX_ADDS_WAITING = 1_000;

/**
 * Scale-out's RunLauncher: runs go as BullMQ jobs to `weft worker` processes (none runs in
 * the API process), and runs they hold are answered about from the row and the Redis
 * events. See RedisRunEvents for how events and "stored" notices travel.
 */
export class DistributedRuns implements RunLauncher {
  private readonly cancelWaitMs: number;
  /** Since when an add has gone unanswered (performance.now()); undefined while Redis answers. */
  private stalledSince: number | undefined;
  private addsWaiting = 0;
  /** The worker that claims a row names itself. */
  readonly newRowRunner = null;
  readonly storesRowsLater = false;

  constructor(private readonly options: DistributedRunsOptions) {
    this.cancelWaitMs = options.cancelWaitMs ?? 5_000;
  }

  /** Every run waits for a worker: its row says `queued` until one claims it. */
  startsNow(): boolean {
    return false;
  }

  /** Nothing waits in this process: a queued run waits in BullMQ, taken out by `cancel`. */
  withdraw(): boolean {
    return false;
  }

  queueSize(): { running: number; waiting: number } {
    return { running: 0, waiting: 0 };
  }

  async launch(request: LaunchRequest): Promise<ExecutionSummary> {
    const { summary, userId } = request;
    // A caller that wants the answer waits for it here (`waitFor`): the worker tells this
    // process's reply channel, heard before the job exists.
    const replyTo = request.answerWanted ? this.options.events.expectReply(summary.id) : undefined;
    try {
      return await this.enqueue(
        {
          executionId: summary.id,
          userId,
          document: request.document,
          inputs: request.runInputs,
          ...(request.seeded ? { seeded: request.seeded } : {}),
          ...(request.answerWanted ? { answerWanted: true } : {}),
          ...(request.sessionId ? { sessionId: request.sessionId } : {}),
          ...(replyTo ? { replyTo } : {}),
        },
        summary,
        request.rebuildable,
      );
    } catch (error) {
      this.options.events.dropReply(summary.id);
      throw error;
    }
  }

  /**
   * A waiting run whose tool calls were decided, its row queued again: the job only says
   * which (`resume`); the worker plans it from the row and its approvals. Rebuildable: if
   * Redis does not take it, the sweep queues it again as a resume (rebuild-run-job.ts).
   */
  readonly launchResume = async (row: { id: string; user_id: string; inputs: string }): Promise<void> => {
    const job: RunJob = { executionId: row.id, userId: row.user_id, document: '', inputs: JSON.parse(row.inputs) as Record<string, unknown>, resume: true };
    try {
      await this.handOver(job, true);
    } catch (failure) {
      this.options.logger.warn({ err: failure, executionId: row.id }, 'Redis refused a resumed run’s job; the sweep queues it again');
    }
  };

  /** Every process looks for runs whose worker went silent, on each heartbeat (RunMaintenance). */
  readonly heartbeatSweep = async (): Promise<number> => {
    const ended = await this.recoverOrphans();
    this.options.metrics?.leaseExpiries.inc(ended);
    return ended;
  };

  /**
   * Hands a stored, queued execution to the workers, answering within ENQUEUE_WAIT_MS
   * whatever Redis does. A run Redis did not take stays queued when its job can be rebuilt
   * from the database: the orphan sweep queues it again once Redis answers (and a late add
   * lands as the same job, the id being the execution's). One that cannot be rebuilt is
   * taken back and refused, so the caller sends it again (503).
   */
  private async enqueue(job: RunJob, summary: ExecutionSummary, rebuildable: boolean): Promise<ExecutionSummary> {
    let problem: string;
    try {
      if (await this.handOver(job, rebuildable)) return summary;
      problem = `Redis did not take the job within ${ENQUEUE_WAIT_MS / 1000} s`;
    } catch (failure) {
      problem = failure instanceof Error ? failure.message : String(failure);
      this.options.logger.warn({ err: failure, executionId: job.executionId, rebuildable }, 'Redis refused a run’s job');
    }
    if (rebuildable) return summary;
    this.options.logger.error({ executionId: job.executionId, problem }, 'A run could not be queued and cannot be rebuilt later; it was refused');
    await this.options.repository.delete(job.userId, job.executionId);
    throw new RunNotQueuedError(
      `The run could not be queued for a worker (${problem}), and its inputs are not stored whole to queue it later, so it was not started. Try again in a few seconds; if it keeps failing, check that Redis is reachable at REDIS_URL.`,
    );
  }

  /**
   * True once Redis took the job; false when it did not answer within ENQUEUE_WAIT_MS (the
   * add goes on, and may still land). Once one add went unanswered, later ones do not wait
   * (a stall costs each run request nothing), and a run that cannot be rebuilt is not even
   * sent; at most MAX_ADDS_WAITING adds wait on a stalled Redis, so a long outage does not
   * pile up jobs in this process's memory (the sweep queues those runs from the database).
   */
  private async handOver(job: RunJob, rebuildable: boolean): Promise<boolean> {
    if (this.stalledSince !== undefined && (!rebuildable || this.addsWaiting >= MAX_ADDS_WAITING)) return false;
    // Fair share across the cluster: a job's priority is how many of its user's runs wait
    // (this one included), so the n-th waiting run of each user goes out in the n-th round
    // and one user's burst no longer holds everyone else's runs behind it. Counted in Redis
    // (FairShareCounts), inside the add's wait; without an answer the job goes in anyway,
    // first in line: delivering it matters more.
    this.addsWaiting += 1;
    const { fairShare, queue } = this.options;
    const added = fairShare
      .enter(job.userId)
      .catch(() => 1)
      .then((priority) => queue.add(job, priority))
      .then(
        () => this.answered(true),
        (error: unknown) => {
          this.answered(false);
          throw error;
        },
      );
    if (this.stalledSince !== undefined) {
      added.catch((error: unknown) => this.options.logger.warn({ err: error, executionId: job.executionId }, 'A run waiting for Redis could not be queued'));
      return false;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ENQUEUE_WAIT_MS);
    });
    const taken = await Promise.race([added.then(() => true as const), late]).finally(() => clearTimeout(timer));
    if (!taken) {
      added.catch((error: unknown) => this.options.logger.warn({ err: error, executionId: job.executionId }, 'A run waiting for Redis could not be queued'));
      if (this.stalledSince === undefined) {
        this.stalledSince = performance.now();
        this.options.logger.error(
          { waitMs: ENQUEUE_WAIT_MS },
          'Redis did not take a run within the wait: runs are stored as queued and go to the workers once it answers',
        );
      }
    }
    return taken;
  }

  /** An add came back from Redis (taken or refused): it answers again. */
  private answered(taken: boolean): void {
    this.addsWaiting -= 1;
    if (this.stalledSince === undefined) return;
    this.options.logger.info({ stalledMs: Math.round(performance.now() - this.stalledSince), taken }, 'Redis answers the run queue again');
    this.stalledSince = undefined;
  }

  async waitFor(executionId: string, timeoutMs: number | undefined): Promise<ExecutionDetail> {
    const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    const reply = this.options.events.reply(executionId);
    if (!reply) return this.waitStored(executionId, deadline, undefined);
    try {
      // Launched here with a reply channel, heard before its job existed: a run that ends
      // soon costs no subscription and no read before its end (issue 24). One that takes
      // longer (or whose end was stored by someone else: a cancel, the sweep, a requeued
      // job that names no channel) is waited for on its own channel as well.
      await raceTimeout(reply.done, Math.min(REPLY_ONLY_MS, Math.max(0, deadline - Date.now())));
      if (reply.notice) {
        const row = await this.options.repository.getById(executionId);
        if (row && !isActiveStatus(row.status)) return await this.answer(executionId, row, reply);
      }
      return await this.waitStored(executionId, deadline, reply);
    } finally {
      this.options.events.dropReply(executionId);
    }
  }

  /** Waits for the stored notice on the run's own channel (and its reply, if one is expected), polling the row meanwhile. */
  private async waitStored(executionId: string, deadline: number, reply: ReplySlot | undefined): Promise<ExecutionDetail> {
    const { repository, events } = this.options;
    // Listen before reading the row, or an end stored in between would be missed.
    const stored = events.whenStored(executionId);
    try {
      await stored.ready;
      let row = await repository.getById(executionId);
      if (!row) throw new Error(`Execution ${executionId} does not exist`);
      let notified = false;
      const heard = reply ? Promise.race([stored.done, reply.done]) : stored.done;
      void heard.then(() => {
        notified = true;
      });
      while (isActiveStatus(row.status)) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        const wait = Math.min(left, STORED_POLL_MS);
        // Once notified, a row still active can only be a race with another writer: poll.
        await (notified ? new Promise((resolve) => setTimeout(resolve, wait)) : raceTimeout(heard, wait));
        row = (await repository.getById(executionId)) ?? row;
      }
      if (isActiveStatus(row.status)) return await this.liveDetail(row);
      return await this.answer(executionId, row, reply);
    } finally {
      stored.stop();
    }
  }

  /**
   * An ended run as its waiting caller gets it. The worker kept the whole outputs for a
   * caller that waits (storage has their preview): in the reply when small, else under the
   * answer key, taken once. A reply saying there is none spares the look.
   */
  private async answer(executionId: string, row: ExecutionRow, reply: ReplySlot | undefined): Promise<ExecutionDetail> {
    const notice = reply?.notice;
    const whole = notice?.outputs ?? (notice && !notice.kept ? undefined : await this.options.events.takeAnswer(executionId));
    return whole === undefined ? toDetail(row) : { ...toDetail(row), outputs: whole };
  }

  async cancel(row: SummaryRow): Promise<ExecutionSummary> {
    const { repository, events, queue, clock, logger } = this.options;
    if (row.status === 'queued') {
      const now = clock.now();
      const closing: RunEvent = { type: 'run:finished', runId: row.id, at: now.getTime(), status: 'cancelled', error: CANCELLED, outputs: {} };
      // The row decides: if no worker has claimed it, none will (the claim needs `queued`).
      if (await repository.cancelQueued(row.id, now.toISOString(), JSON.stringify([closing]))) {
        await Promise.all([
          Promise.resolve(events.replied({ id: row.id })),
          queue.remove(row.id).then(
            // Off the queue before a worker took it: it no longer waits (a worker would have counted it out).
            (removed) => (removed ? this.options.fairShare.leave(row.user_id) : undefined),
            (error: unknown) => logger.warn({ err: error, executionId: row.id }, 'Could not take a cancelled run off the queue'),
          ),
          events.appendClosing(row.id, closing),
        ]);
        return { ...toSummary(row), status: 'cancelled', error: CANCELLED, finishedAt: now.toISOString() };
      }
    }
    // A worker has it: ask the workers, and the one holding it aborts it and stores the end.
    const stored = events.whenStored(row.id);
    try {
      await stored.ready;
      const heard = await events.requestCancel(row.id);
      if (heard > 0) await raceTimeout(stored.done, this.cancelWaitMs);
      const current = await repository.getSummary(row.user_id, row.id);
      if (!current) return { ...toSummary(row), status: 'cancelled', error: CANCELLED };
      if (!isActiveStatus(current.status)) return toSummary(current);
      // No worker is left to end it (none listening, or none answered): end the row here.
      await this.options.sweep.end(row.id, { status: current.status as ExecutionStatus }, 'cancelled', CANCELLED, current.started_at);
      return toSummary((await repository.getSummary(row.user_id, row.id)) ?? current);
    } finally {
      stored.stop();
    }
  }

  watch(userId: string, executionId: string, after: number, sink: RunEventSink): Promise<StopWatching | undefined> {
    const { events } = this.options;
    return watchStoredRun(this.options.repository, events, userId, executionId, after, sink, events);
  }

  async liveDetail(row: ExecutionRow): Promise<ExecutionDetail> {
    // Stored forms already (masked, cut): folded the way the worker's recorder folds them.
    const recorder = new RunRecorder(null);
    for (const event of await this.options.events.events(row.id)) recorder.record(event);
    return {
      ...toSummary(row),
      inputs: JSON.parse(row.inputs) as Record<string, unknown>,
      outputs: recorder.outputs as Record<string, unknown>,
      usage: null,
      nodes: recorder.nodes,
    };
  }

  recoverOrphans(): Promise<number> {
    return this.options.sweep.sweep();
  }
}
