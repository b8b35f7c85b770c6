import type { RunEvent } from '@weft/core';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import { type ExecutionDetail, type ExecutionStatus, type ExecutionSummary, isActiveStatus } from '../runs/execution-types.js';
import { type ExecutionRow, type ExecutionsRepository, type SummaryRow, toDetail, toSummary } from '../runs/executions.repository.js';
import { raceTimeout } from '../runs/race-timeout.js';
import type { RunJob } from '../runs/run-job.js';
import type { LaunchRequest, RunLauncher } from '../runs/run-launcher.js';
import { RunRecorder } from '../runs/run-recorder.js';
import { type RunEventSink, type StopWatching, watchStoredRun } from '../runs/watch-run.js';
import type { OrphanSweep } from './orphan-sweep.js';
import type { RedisRunEvents } from './redis-run-events.js';
import type { RunJobQueue } from './run-job-queue.js';

export interface DistributedRunsOptions {
  repository: ExecutionsRepository;
  events: RedisRunEvents;
  queue: RunJobQueue;
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
const ENQUEUE_TIMEOUT_MS = 10_000;

/**
 * Scale-out's RunLauncher: runs go as BullMQ jobs to `weft worker` processes (none runs in
 * the API process), and runs they hold are answered about from the row and the Redis
 * events. See RedisRunEvents for how events and "stored" notices travel.
 */
export class DistributedRuns implements RunLauncher {
  private readonly cancelWaitMs: number;
  /** The worker that claims a row names itself. */
  readonly newRowRunner = null;

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

  launch(request: LaunchRequest): Promise<ExecutionSummary> {
    const { summary, userId } = request;
    return this.enqueue(
      {
        executionId: summary.id,
        userId,
        document: request.document,
        inputs: request.runInputs,
        ...(request.seeded ? { seeded: request.seeded } : {}),
        ...(request.answerWanted ? { answerWanted: true } : {}),
      },
      summary,
    );
  }

  /** Every process looks for runs whose worker went silent, on each heartbeat (RunMaintenance). */
  readonly heartbeatSweep = async (): Promise<number> => {
    const ended = await this.recoverOrphans();
    this.options.metrics?.leaseExpiries.inc(ended);
    return ended;
  };

  /** Hands a stored, queued execution to the workers; when the queue cannot take it, the execution is failed saying why. */
  private async enqueue(job: RunJob, summary: ExecutionSummary): Promise<ExecutionSummary> {
    try {
      await this.add(job);
      return summary;
    } catch (failure) {
      this.options.logger.error({ err: failure, executionId: job.executionId }, 'Could not queue a run');
      const reason = `The run could not be queued for a worker (${failure instanceof Error ? failure.message : String(failure)}). Check that Redis is reachable at REDIS_URL, then run it again.`;
      const at = this.options.clock.now().toISOString();
      await this.options.repository.markEnded(job.executionId, 'error', reason, at);
      return { ...summary, status: 'error', error: reason, finishedAt: at };
    }
  }

  /**
   * BullMQ's connection waits out a Redis outage rather than failing, so the start would
   * hang with it: after ENQUEUE_TIMEOUT_MS the run fails instead, saying why. A job added
   * later anyway finds its row ended and is skipped by the worker's claim.
   */
  private async add(job: RunJob): Promise<void> {
    // Fair share across the cluster: a job's priority is how many of its user's runs wait
    // (this one included), so the n-th waiting run of each user goes out in the n-th round
    // and one user's burst no longer holds everyone else's runs behind it.
    const priority = await this.options.repository.countQueued(job.userId);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Redis did not take the job within ${ENQUEUE_TIMEOUT_MS / 1000} s`)), ENQUEUE_TIMEOUT_MS);
      this.options.queue.add(job, priority).then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  async waitFor(executionId: string, timeoutMs: number | undefined): Promise<ExecutionDetail> {
    const { repository, events } = this.options;
    // Listen before reading the row, or an end stored in between would be missed.
    const stored = events.whenStored(executionId);
    try {
      await stored.ready;
      let row = await repository.getById(executionId);
      if (!row) throw new Error(`Execution ${executionId} does not exist`);
      const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
      let notified = false;
      void stored.done.then(() => {
        notified = true;
      });
      while (isActiveStatus(row.status)) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        const wait = Math.min(left, STORED_POLL_MS);
        // Once notified, a row still active can only be a race with another writer: poll.
        await (notified ? new Promise((resolve) => setTimeout(resolve, wait)) : raceTimeout(stored.done, wait));
        row = (await repository.getById(executionId)) ?? row;
      }
      if (isActiveStatus(row.status)) return await this.liveDetail(row);
      // The worker kept the whole outputs for a caller that waits; storage has their preview.
      const whole = await events.takeAnswer(executionId);
      return whole === undefined ? toDetail(row) : { ...toDetail(row), outputs: whole };
    } finally {
      stored.stop();
    }
  }

  async cancel(row: SummaryRow): Promise<ExecutionSummary> {
    const { repository, events, queue, clock, logger } = this.options;
    if (row.status === 'queued') {
      const now = clock.now();
      const closing: RunEvent = { type: 'run:finished', runId: row.id, at: now.getTime(), status: 'cancelled', error: CANCELLED, outputs: {} };
      // The row decides: if no worker has claimed it, none will (the claim needs `queued`).
      if (await repository.cancelQueued(row.id, now.toISOString(), JSON.stringify([closing]))) {
        await Promise.all([
          queue.remove(row.id).catch((error: unknown) => logger.warn({ err: error, executionId: row.id }, 'Could not take a cancelled run off the queue')),
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
