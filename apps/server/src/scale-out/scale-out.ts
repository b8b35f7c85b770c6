import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import type { ExecutionsRepository } from '../runs/executions.repository.js';
import type { RunDependencies } from '../runs/run-dependencies.js';
import type { RunJob } from '../runs/run-job.js';
import { STALE_HEARTBEATS } from '../runs/run-maintenance.js';
import type { RunWorkerSide } from '../runs/run-worker-side.js';
import { DistributedRuns } from './distributed-runs.js';
import { FairShareCounts } from './fair-share-counts.js';
import { OrphanSweep } from './orphan-sweep.js';
import { RedisNames } from './redis-names.js';
import { RedisRunEvents } from './redis-run-events.js';
import { RunJobQueue } from './run-job-queue.js';
import { RunWorker } from './run-worker.js';
import { redactUrl } from './scale-out-mode.js';

export { isScaleOut, redactUrl } from './scale-out-mode.js';

export interface ScaleOutOptions {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'runHeartbeatMs' | 'runConcurrency'>;
  /** The process's one executions repository (the composition root's). */
  repository: ExecutionsRepository;
  clock: Clock;
  logger: Logger;
  dependencies: RunDependencies;
  metrics?: Metrics | undefined;
  /** Rebuilds a queued execution's job from the database, so the sweep can queue it again (runs/rebuild-run-job.ts). */
  rebuild?: ((executionId: string) => Promise<RunJob | undefined>) | undefined;
}

/**
 * Scale-out mode's Redis side, built once per process (services.ts): a connection for
 * commands and publishing, one in subscriber mode, one for BullMQ (which opens its
 * blocking connection itself). `events` and `launcher` go to the runs room (create-runs.ts);
 * a `weft worker` also calls `startWorker` with its RunWorkerSide.
 */
export class ScaleOut {
  readonly events: RedisRunEvents;
  readonly launcher: DistributedRuns;
  /** Ends runs whose worker went away; told which runs this process executes (services.ts). */
  readonly sweep: OrphanSweep;
  readonly queue: RunJobQueue;
  readonly fairShare: FairShareCounts;
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly bull: Redis;
  private readonly repository: ExecutionsRepository;
  private consumer: Worker<RunJob> | undefined;
  /** Set once the connections were dropped (`disconnect`): there is nothing left to close. */
  private dropped = false;
  private readonly lastError = new Map<string, string>();

  constructor(private readonly options: ScaleOutOptions) {
    const { config, logger } = options;
    const url = config.redisUrl;
    if (!url) throw new Error('Scale-out mode needs REDIS_URL');
    const connect = (role: string, extra: Record<string, unknown> = {}) => {
      const redis = new Redis(url, { lazyConnect: true, connectionName: `weft-${role}`, ...extra });
      redis.on('error', (error: Error) => {
        // ioredis reconnects by itself; say it once per cause rather than on every retry.
        if (this.lastError.get(role) === error.message) return;
        this.lastError.set(role, error.message);
        logger.error({ err: error, redis: redactUrl(url), role }, 'Redis connection error');
      });
      redis.on('ready', () => this.lastError.delete(role));
      return redis;
    };
    this.commands = connect('commands');
    this.subscriber = connect('subscriber');
    // BullMQ's workers need commands that wait out a reconnect instead of failing.
    this.bull = connect('queue', { maxRetriesPerRequest: null });
    const names = new RedisNames(config.redisPrefix);
    this.repository = options.repository;
    this.events = new RedisRunEvents(this.commands, this.subscriber, names, logger);
    this.queue = new RunJobQueue(this.bull, config.redisPrefix, logger);
    this.fairShare = new FairShareCounts(this.commands, names);
    this.sweep = new OrphanSweep({
      repository: this.repository,
      events: this.events,
      queue: this.queue,
      fairShare: this.fairShare,
      clock: options.clock,
      logger,
      staleAfterMs: STALE_HEARTBEATS * config.runHeartbeatMs,
      rebuild: options.rebuild,
      metrics: options.metrics,
    });
    const sweep = this.sweep;
    this.launcher = new DistributedRuns({
      repository: this.repository,
      events: this.events,
      queue: this.queue,
      fairShare: this.fairShare,
      sweep,
      clock: options.clock,
      logger,
      metrics: options.metrics,
    });
  }

  /** The command connection, shared with what else must count across processes (rate limits). */
  get redis(): Redis {
    return this.commands;
  }

  /** Connects to Redis, or fails the start saying where it could not connect. */
  async connect(): Promise<void> {
    const url = this.options.config.redisUrl as string;
    try {
      await Promise.all([this.commands.connect(), this.subscriber.connect()]);
      await Promise.all([this.queue.ready(), this.events.listenForReplies()]);
    } catch (error) {
      this.disconnect();
      const cause = [...this.lastError.values()][0] ?? (error instanceof Error ? error.message : String(error));
      throw new Error(`Could not connect to Redis at ${redactUrl(url)} (REDIS_URL): ${cause}. Start Redis or correct REDIS_URL; scale-out mode needs it.`);
    }
  }

  /** `weft worker`: takes runs from the queue, up to WEFT_RUN_CONCURRENCY at once, and listens for cancels. */
  async startWorker(runs: RunWorkerSide): Promise<void> {
    if (this.consumer) return;
    const { logger, clock, dependencies, config } = this.options;
    const worker = new RunWorker({ runs, repository: this.repository, dependencies, events: this.events, fairShare: this.fairShare, clock, logger });
    await this.events.onCancel((executionId) => worker.cancel(executionId));
    this.consumer = this.queue.consume({ concurrency: config.runConcurrency, logger, run: (job) => worker.process(job) });
    await this.consumer.waitUntilReady();
  }

  /** Stops taking runs and waits for the jobs in hand (end their runs with RunService.close meanwhile). */
  async stopWorker(): Promise<void> {
    await this.consumer?.close();
  }

  /** Closes the queue and the connections; call after the run service and the HTTP server are closed. */
  async close(): Promise<void> {
    if (this.dropped) return;
    await this.stopWorker();
    await this.events.close();
    await this.queue.close();
    await Promise.all([this.commands, this.subscriber, this.bull].map((redis) => redis.quit().catch(() => redis.disconnect())));
  }

  /** Drops every connection at once, sending nothing more: what a killed process leaves behind. */
  disconnect(): void {
    this.dropped = true;
    void this.consumer?.close(true).catch(() => {});
    for (const redis of [this.commands, this.subscriber, this.bull]) redis.disconnect();
  }
}
