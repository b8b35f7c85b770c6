import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RunJob } from '../runs/run-job.js';

/** BullMQ queue name; its keys are `<WEFT_REDIS_PREFIX>:runs:*`. */
const QUEUE_NAME = 'runs';
/** A job that failed outside its run (the worker's database went away) is kept this long to look at. */
const FAILED_JOB_KEPT_SECONDS = 24 * 60 * 60;

/** BullMQ's largest priority (2^21); a user with more waiting runs than that shares the last rank. */
const MAX_PRIORITY = 2_097_152;

/** Job states in which a worker will still take the job (or has it). */
const PENDING_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children', 'active']);

/**
 * The BullMQ side of scale-out: API processes add a job per execution (its id is the
 * job id), workers take them. BullMQ only delivers: which process runs an execution is
 * decided by claiming its row in the database, so a job delivered twice, or one whose
 * execution was cancelled meanwhile, runs at most once.
 */
export class RunJobQueue {
  private readonly queue: Queue<RunJob>;

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    logger: Logger,
  ) {
    // BullMQ connects `connection` itself.
    this.queue = new Queue<RunJob>(QUEUE_NAME, { connection, prefix });
    this.queue.on('error', (error) => logger.error({ err: error }, 'The run queue hit an error'));
  }

  /** Resolves once the queue's connection is up. */
  ready(): Promise<void> {
    return this.queue.waitUntilReady().then(() => undefined);
  }

  /** `priority`: 1 goes first; equal priorities go in the order added (BullMQ's own rule). */
  async add(job: RunJob, priority = 1): Promise<void> {
    await this.queue.add('run', job, {
      jobId: job.executionId,
      priority: Math.min(MAX_PRIORITY, Math.max(1, priority)),
      // The job carries the run inputs; once it ran, the execution row is the record.
      removeOnComplete: true,
      removeOnFail: { age: FAILED_JOB_KEPT_SECONDS },
    });
  }

  /** Takes a job no worker has started out of the queue; false if it is running or gone. */
  async remove(executionId: string): Promise<boolean> {
    return (await this.queue.remove(executionId)) === 1;
  }

  /** Whether a worker will still take the execution's job (or is running it). */
  async isPending(executionId: string): Promise<boolean> {
    return PENDING_STATES.has(await this.queue.getJobState(executionId));
  }

  /**
   * Where the execution's job stands: `pending` (a worker will take it), `failed` with
   * BullMQ's reason (kept a day), or `missing` (never added, or Redis lost it).
   */
  async jobStanding(executionId: string): Promise<{ state: 'pending' } | { state: 'failed'; reason: string } | { state: 'missing' }> {
    const job = await this.queue.getJob(executionId);
    if (!job) return { state: 'missing' };
    const state = await job.getState();
    if (PENDING_STATES.has(state)) return { state: 'pending' };
    if (state === 'failed') return { state: 'failed', reason: job.failedReason || 'no reason given' };
    return { state: 'missing' };
  }

  /**
   * Hands a failed job back to the workers as it was (its data, so the run's real inputs,
   * kept by BullMQ). For a job that failed before a worker claimed its run. False when it is gone.
   */
  async retryFailed(executionId: string): Promise<boolean> {
    const job = await this.queue.getJob(executionId);
    if (!job) return false;
    await job.retry('failed');
    return true;
  }

  /** Workers connected to the queue now (BullMQ reads Redis' client list). */
  workerCount(): Promise<number> {
    return this.queue.getWorkersCount();
  }

  /**
   * `weft worker`: runs up to `concurrency` jobs at once through `run`. A job whose worker
   * dies is not handed to another one (`maxStalledCount: 0`): the run may have had side
   * effects, and the stale-heartbeat sweep ends its execution with the reason instead.
   */
  consume(options: { concurrency: number; logger: Logger; run: (job: RunJob) => Promise<void> }): Worker<RunJob> {
    const worker = new Worker<RunJob>(QUEUE_NAME, (job: Job<RunJob>) => options.run(job.data), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: options.concurrency,
      maxStalledCount: 0,
    });
    worker.on('failed', (job, error) => options.logger.error({ err: error, executionId: job?.id }, 'A run job failed in the worker'));
    worker.on('error', (error) => options.logger.error({ err: error }, 'The run queue worker hit an error'));
    return worker;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
