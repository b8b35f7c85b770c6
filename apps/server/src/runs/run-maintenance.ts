import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { ExecutionsRepository } from './executions.repository.js';

export interface RetentionSettings {
  /** Finished executions older than this are deleted; 0 keeps them forever. */
  maxAgeDays: number;
  /** Only the newest this many executions of each workflow are kept; 0 keeps all. */
  maxPerWorkflow: number;
  /** Only the newest this many executions of each user are kept (WEFT_EXECUTIONS_QUOTA); 0 or absent keeps all. */
  maxPerUser?: number;
}

export interface RunMaintenanceOptions {
  repository: ExecutionsRepository;
  clock: Clock;
  logger: Logger;
  retention: RetentionSettings;
  reclaimSpace: () => Promise<void>;
  /** Executions this process is running now, for the heartbeat. */
  runningIds: () => string[];
  sweepEveryMs?: number;
  heartbeatEveryMs?: number;
  /** Scale-out: ends runs whose worker went silent; started after each heartbeat, never blocking the next. */
  sweepOrphans?: (() => Promise<number>) | undefined;
}

/** A run is judged lost after this many missed heartbeats (scale-out's stale limit). */
export const STALE_HEARTBEATS = 3;

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * The bookkeeping around runs: the retention sweep (then giving the disk back), and a
 * heartbeat that marks long runs alive in their row (and, in scale-out, sweeps orphans).
 */
export class RunMaintenance {
  private timers: NodeJS.Timeout[] = [];
  private pending = new Set<Promise<unknown>>();
  private beating = false;
  private sweeping = false;
  /** When the last heartbeat was written (monotonic ms). */
  private lastBeat: number | undefined;
  /** No orphan sweep before this (monotonic ms): set after the database stalled. */
  private sweepPausedUntil = 0;
  /** Runs started per user since their executions were last trimmed to the quota. */
  private readonly startsSinceTrim = new Map<string, number>();
  private readonly trimming = new Set<string>();

  constructor(private readonly options: RunMaintenanceOptions) {}

  /** Deletes what retention says to, then reclaims the space. Returns how many went. */
  async sweep(): Promise<number> {
    const { maxAgeDays, maxPerWorkflow } = this.options.retention;
    const { repository } = this.options;
    let deleted = 0;
    if (maxAgeDays > 0) {
      const cutoff = new Date(this.options.clock.now().getTime() - maxAgeDays * DAY).toISOString();
      deleted += await repository.deleteOlderThan(cutoff);
    }
    if (maxPerWorkflow > 0) deleted += await repository.trimPerWorkflow(maxPerWorkflow);
    const maxPerUser = this.options.retention.maxPerUser ?? 0;
    if (maxPerUser > 0) for (const userId of await repository.usersOver(maxPerUser)) deleted += await repository.trimForUser(userId, maxPerUser);
    if (deleted > 0) {
      await this.options.reclaimSpace();
      this.options.logger.info({ deleted }, 'Old executions deleted (retention)');
    }
    return deleted;
  }

  /**
   * A run of the user's was stored. The executions quota is a history that rolls, as
   * retention does: every hundredth of the quota a user starts, their oldest finished
   * executions past it are deleted, so a flood of runs cannot fill the database between
   * hourly sweeps (it may pass the quota by that hundredth). Refusing runs instead would
   * stop a user's automations, webhooks and schedules alike, for want of old history.
   * `pending`: the user's runs whose row is not written yet (unstored-row.ts), each a row
   * to come, so the trim leaves room for them.
   */
  noteStarted(userId: string, pending = 0): void {
    const keep = this.options.retention.maxPerUser ?? 0;
    if (keep <= 0) return;
    const starts = (this.startsSinceTrim.get(userId) ?? 0) + 1;
    if (starts < Math.ceil(keep / 100) || this.trimming.has(userId)) {
      if (this.startsSinceTrim.size > 10_000) this.startsSinceTrim.clear();
      this.startsSinceTrim.set(userId, starts);
      return;
    }
    this.startsSinceTrim.delete(userId);
    this.trimming.add(userId);
    const trim = this.options.repository.trimForUser(userId, Math.max(0, keep - pending)).finally(() => this.trimming.delete(userId));
    this.track(trim, 'Trimming executions to the quota failed');
  }

  start(): void {
    if (this.timers.length > 0) return;
    // The start itself reached the database (orphan recovery): a process whose heartbeats
    // then fail from the first one on also counts its outage from here.
    this.lastBeat = performance.now();
    this.track(this.sweep(), 'Retention sweep failed');
    const sweepTimer = setInterval(() => this.track(this.sweep(), 'Retention sweep failed'), this.options.sweepEveryMs ?? HOUR);
    const heartbeatTimer = setInterval(() => this.track(this.heartbeat(), 'Run heartbeat failed'), this.options.heartbeatEveryMs ?? 30_000);
    for (const timer of [sweepTimer, heartbeatTimer]) {
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Stops the timers and waits for a sweep or heartbeat in progress (the database closes next). */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all([...this.pending]);
  }

  private async heartbeat(): Promise<void> {
    // A slow database must not pile up overlapping heartbeats.
    if (this.beating) return;
    this.beating = true;
    try {
      const ids = this.options.runningIds();
      // A process that sweeps asks the database even with no runs of its own: it must notice
      // an outage as the workers do (below), or it would sweep the moment the database is
      // back, before their heartbeats land (issue 19).
      if (ids.length > 0) await this.options.repository.heartbeat(ids);
      else if (this.options.sweepOrphans) await this.options.repository.ping();
      const now = performance.now();
      const every = this.options.heartbeatEveryMs ?? 30_000;
      // This heartbeat is late (the database or this process stalled): so were everyone
      // else's. Give them a whole stale window to beat again before judging any run lost,
      // so a run whose worker is alive is not failed because storage was slow.
      if (this.lastBeat !== undefined && now - this.lastBeat > 1.5 * every) this.sweepPausedUntil = now + STALE_HEARTBEATS * every;
      this.lastBeat = now;
    } finally {
      this.beating = false;
    }
    // The sweep talks to Redis too: it runs beside the heartbeats, never in their way.
    if (!this.options.sweepOrphans || this.sweeping || performance.now() < this.sweepPausedUntil) return;
    this.sweeping = true;
    this.track(
      this.options.sweepOrphans().finally(() => {
        this.sweeping = false;
      }),
      'Orphan sweep failed',
    );
  }

  private track(work: Promise<unknown>, failure: string): void {
    const task = work.catch((error: unknown) => this.options.logger.error({ err: error }, failure));
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }
}
