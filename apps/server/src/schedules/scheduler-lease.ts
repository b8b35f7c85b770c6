import os from 'node:os';
import type { Logger } from 'pino';
import { newToken } from '../platform/tokens.js';

/** A held lease ends this long after its last renewal: a process silent that long is taken for dead. */
export const LEASE_TTL_MS = 5_000;
/** How often a holder renews its lease: several renewals fit in one TTL, so one slow write loses nothing. */
export const LEASE_RENEW_MS = 1_000;

/** Where leases are kept: `scheduler_leases`, through SchedulesRepository. */
export interface LeaseStore {
  /** Writes the lease or moves it on; with `expiredBefore`, first removes leases that ended before it. */
  renewLease(processId: string, expiresAt: string, expiredBefore?: string): Promise<void>;
  dropLease(processId: string): Promise<void>;
}

/** This process's name in the ledger's `claimed_by`: host and pid, for a person reading it, and a random part, for uniqueness. */
export function schedulerProcessId(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${newToken().slice(0, 8)}`;
}

/**
 * The lease by which a scheduler process says it is alive while it holds pending ticks
 * (docs/SCHEDULES.md "Handing over"). Ticks it claims or takes carry its process id; while
 * any work holds the lease, a row in `scheduler_leases` says until when, renewed every
 * second. Times come from `now`, the scheduler's reading of the database's clock, so
 * processes whose own clocks disagree judge a lease alike. A process killed mid-pass stops
 * renewing, and once its row expires every other process may take its pending ticks; one
 * that finishes its work deletes the row, so an idle process writes nothing.
 */
export class SchedulerLease {
  readonly processId: string;
  private holders = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The row's first write, which every holder waits for before claiming under it. */
  private written: Promise<void> | undefined;
  /** The latest renewal, which the release waits for so it cannot land after the row's deletion. */
  private renewing: Promise<void> = Promise.resolve();
  /** The last release's deletion of the row, which a new first holder waits for so it cannot delete the new row. */
  private dropping: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: LeaseStore,
    private readonly now: () => Date,
    private readonly logger: Logger,
    processId = schedulerProcessId(),
  ) {
    this.processId = processId;
  }

  /**
   * Holds the lease until the answered release is called: the row is written (and expired
   * rows of dead processes removed) before this resolves, so ticks claimed afterwards are
   * covered from their first moment.
   */
  async hold(): Promise<() => Promise<void>> {
    this.holders += 1;
    if (this.holders === 1) {
      this.written = this.dropping.then(() => this.renew(true));
      this.renewing = this.written.catch(() => {});
      this.timer = setInterval(() => {
        this.renewing = this.renew(false);
      }, LEASE_RENEW_MS);
      this.timer.unref?.();
    }
    try {
      await this.written;
    } catch (error) {
      await this.release();
      throw error;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await this.release();
    };
  }

  private async release(): Promise<void> {
    this.holders -= 1;
    if (this.holders > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    const renewing = this.renewing;
    // Nothing pending of ours is being worked on: ticks left pending (a start that failed) may be taken by anyone now.
    this.dropping = renewing.then(() =>
      this.store.dropLease(this.processId).catch((error: unknown) => this.logger.warn({ err: error }, 'scheduler lease not dropped; it expires by itself')),
    );
    await this.dropping;
  }

  private async renew(first: boolean): Promise<void> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + LEASE_TTL_MS).toISOString();
    try {
      await this.store.renewLease(this.processId, expiresAt, first ? now.toISOString() : undefined);
    } catch (error) {
      // A renewal lost: the next one may land in time; if none does, others take the ticks, and the idempotency key keeps each run single.
      if (first) throw error;
      this.logger.warn({ err: error }, 'scheduler lease not renewed');
    }
  }
}
