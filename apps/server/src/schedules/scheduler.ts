import { type OverlapPolicy, planTicks, type TickPlan } from '@weft/core';
import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import type { ScheduleRow, ScheduleTickRow, ScheduleTicksTable } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import { SchedulerLease } from './scheduler-lease.js';
import { type SchedulesRepository, windowOf } from './schedules.repository.js';
import { type ClaimedTick, claimedTick, missedReason, nextFire, tickRow } from './tick-rows.js';
import { type PassReport, type ScheduleRunner, TickStarter } from './tick-start.js';

export type { PassReport, ScheduleRunner } from './tick-start.js';

export interface SchedulerOptions {
  repository: SchedulesRepository;
  runs: ScheduleRunner;
  clock: Clock;
  logger: Logger;
  /** A tick later than this is missed (catch-up policy); WEFT_SCHEDULE_GRACE_SECONDS. */
  graceMs: number;
  /** Due schedules claimed per transaction. */
  batchSize?: number;
  /** The longest sleep between looks at the database: another process's new schedule is seen this late at worst. */
  maxSleepMs?: number;
  /**
   * Where "now" comes from for ticks: the database's clock when processes share one
   * (composition.ts), so a process whose own clock is fast or stepped neither fires early
   * nor calls real ticks missed; `clock` when not given (embedded, tests' injected clocks).
   */
  timeSource?: () => Promise<Date>;
  /** What became of each tick and how late runs started (GET /metrics); none by default. */
  metrics?: Pick<Metrics, 'scheduleTicks' | 'scheduleTickLateness'>;
  /** Told when a schedule pauses itself (pause after failures), e.g. to alert its owner. */
  onPaused?: (schedule: ScheduleRow, reason: string) => Promise<unknown>;
}

/** What a tick came to, for "trigger now". */
export interface TickStart {
  tick: ScheduleTickRow;
  executionId: string | null;
}

/**
 * A pending tick with no claimer (claimed before migration 0017) older than this was left by
 * a process that stopped; ticks with a claimer are taken as soon as its lease ends (scheduler-lease.ts).
 */
const STALE_PENDING_MS = 30_000;
/** The ledger's reason for a tick whose process died before starting it, the schedule paused since. */
export const PAUSED_BEFORE_START = 'Its run had not started when the process that claimed it stopped, and the schedule was paused since';
/** Ticks of different schedules being started at once. */
const START_CONCURRENCY = 64;
/** The last instant a schedule may fire: dates are compared as ISO text, which holds for four-digit years only. */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** While ticks wait behind a run, look this often for the run's end. */
const OPEN_TICKS_POLL_MS = 1_000;
/**
 * Fires due schedules. Each pass claims due schedules in batches: a conditional UPDATE moves
 * a schedule's `next_fire_at` on, and in the same transaction its ticks enter the ledger
 * (unique per schedule and instant) as `pending`, so however many processes look, one
 * claims each tick. Then each tick starts its run with the idempotency key
 * `schedule:<id>:<instant>`; a process that dies in between leaves a pending tick that the
 * next pass, here or elsewhere, finishes without doubling the run. Between passes the
 * driver sleeps until the soonest `next_fire_at` (at most `maxSleepMs`), and a local change
 * wakes it early (`poke`).
 */
export class Scheduler {
  private readonly batchSize: number;
  private readonly maxSleepMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private pokedDuringPass = false;
  /** Backfills starting their ticks in the background (stop waits for them). */
  private readonly backfills = new Set<Promise<unknown>>();
  /** The database clock's reading at the start of the last pass, and the monotonic time then. */
  private reading: { at: number; mono: number } | undefined;
  /** Held while this process has pending ticks to start, so others know it is still at them. */
  private readonly lease: SchedulerLease;
  /** Starts each claimed tick (tick-start.ts). */
  private readonly ticks: TickStarter;

  constructor(private readonly options: SchedulerOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.maxSleepMs = options.maxSleepMs ?? 30_000;
    this.lease = new SchedulerLease(options.repository, () => this.nowInPass(), options.logger);
    this.ticks = new TickStarter({ ...options, now: () => this.nowInPass() });
  }

  /** Starts the timer driver (API processes; tests drive `runDue` themselves). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake(0);
  }

  /** A schedule changed here: look again now rather than at the old soonest tick. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.pokedDuringPass = true;
      return;
    }
    this.wake(0);
  }

  /** Stops the driver and waits for a pass in progress (its runs are already started). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await Promise.all([...this.backfills]);
  }

  private wake(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.loop().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    let delay = this.maxSleepMs;
    try {
      this.pokedDuringPass = false;
      await this.runDue();
      delay = await this.sleepAfterPass();
    } catch (error) {
      // The database was away: try again soon, never give up on the schedules.
      this.options.logger.error({ err: error }, 'scheduler pass failed; retrying');
      delay = 5_000;
    }
    if (this.stopped) return;
    this.wake(this.pokedDuringPass ? 0 : delay);
  }

  /**
   * Now by the clock that judges ticks (the database's, with PostgreSQL): a new or changed
   * schedule's first instant counts from it, as its ticks will.
   */
  async now(): Promise<Date> {
    return this.options.timeSource ? this.options.timeSource() : this.options.clock.now();
  }

  /**
   * Now by the clock that judges ticks, read once at the start of a pass (timeSource asks
   * the database); later moments of the pass are derived from that reading with the
   * monotonic clock, so a burst of ticks costs no extra round trips.
   */
  private async readClock(): Promise<Date> {
    if (!this.options.timeSource) return this.options.clock.now();
    const at = (await this.options.timeSource()).getTime();
    this.reading = { at, mono: performance.now() };
    return new Date(at);
  }

  /** Now by the same clock, from this pass's reading. */
  private nowInPass(): Date {
    if (!this.reading) return this.options.clock.now();
    return new Date(this.reading.at + performance.now() - this.reading.mono);
  }

  private async sleepAfterPass(): Promise<number> {
    const { repository } = this.options;
    const [soonest, open] = await Promise.all([repository.soonest(), repository.hasOpenTicks()]);
    let delay = this.maxSleepMs;
    if (soonest) delay = Math.min(delay, Math.max(0, Date.parse(soonest) - this.nowInPass().getTime()));
    if (open) delay = Math.min(delay, OPEN_TICKS_POLL_MS);
    return delay;
  }

  /** One pass: every due tick claimed and started, every waiting tick whose run ended started. */
  async runDue(): Promise<PassReport> {
    const report: PassReport = { started: 0, skipped: 0, missed: 0, failed: 0, waiting: 0 };
    const now = await this.readClock();
    // Every due tick is claimed (in the ledger, durable) before any is started: a burst of
    // 10,000 is claimed in well under a second, and then starts as fast as runs can be stored.
    const claimed: ClaimedTick[] = [];
    // Held from before the first claim until every claimed tick is settled; a pass with nothing due writes nothing.
    let release: (() => Promise<void>) | undefined;
    try {
      for (;;) {
        const due = await this.options.repository.due(now.toISOString(), this.batchSize);
        if (due.length === 0) break;
        release ??= await this.lease.hold();
        claimed.push(...(await this.claim(due, now, report)));
        if (due.length < this.batchSize) break;
      }
      await this.startAll(claimed, report);
    } finally {
      await release?.();
    }
    await this.resumeOpenTicks(now, report);
    return report;
  }

  /**
   * Starts claimed ticks, many at once so their inserts share the run service's group
   * commit; one schedule's ticks go in order, so its overlap policy sees its own runs.
   */
  private async startAll(claimed: ClaimedTick[], report: PassReport): Promise<void> {
    const bySchedule = new Map<string, ClaimedTick[]>();
    for (const tick of claimed) bySchedule.set(tick.schedule.id, [...(bySchedule.get(tick.schedule.id) ?? []), tick]);
    const lanes = [...bySchedule.values()];
    let next = 0;
    const lane = async () => {
      while (next < lanes.length) {
        const ticks = lanes[next++] as ClaimedTick[];
        for (const tick of ticks) await this.ticks.start(tick, report, false);
      }
    };
    await Promise.all(Array.from({ length: Math.min(START_CONCURRENCY, lanes.length) }, lane));
  }

  /** Claims a batch in one transaction: next_fire_at moved on, ticks and gaps in the ledger. */
  private async claim(due: ScheduleRow[], now: Date, report: PassReport): Promise<ClaimedTick[]> {
    const { repository, graceMs } = this.options;
    // When the claim happened (not when the pass began): the ledger shows how late a claim was.
    const createdAt = this.nowInPass().toISOString();
    // Plans first (pure), then one UPDATE claims the batch and one INSERT writes its ticks:
    // per schedule a burst costs its cron search and little else.
    const plans: { schedule: ScheduleRow; from: string; plan: TickPlan | null; next: Date | null }[] = due.map((schedule) => {
      const from = schedule.next_fire_at as string;
      try {
        // The stored time lies `next_jitter_ms` after the instant it stands for (jitter); a tick
        // is late by the schedule's own catch-up window, counted from when its jitter ends.
        const instant = new Date(Date.parse(from) - schedule.next_jitter_ms);
        const windowMs = (schedule.catch_up_window_seconds ?? graceMs / 1000) * 1000 + schedule.jitter_seconds * 1000;
        const plan = planTicks(windowOf(schedule), instant, now, windowMs, schedule.catch_up_policy === 'run_once' ? 'run_once' : 'skip');
        // A date past what Date can hold (an interval stored before the input checks) throws
        // here, for this row alone, rather than in the claim below, which would fail the pass
        // for every schedule of every user, again on each retry.
        for (const instant of [plan.nextFireAt, plan.missed?.first, plan.missed?.last, ...plan.run.map((tick) => tick.instant)]) instant?.toISOString();
        if (plan.missed) missedReason(plan.missed, schedule.timezone, false);
        // Past the year 9999 an ISO date is written "+010000-…" and sorts before every other:
        // stored, it would be due on every pass and hide the true soonest tick. No ticks come then.
        if (plan.nextFireAt && plan.nextFireAt.getTime() > LAST_INSTANT) return { schedule, from, plan: { ...plan, nextFireAt: null }, next: null };
        return { schedule, from, plan, next: plan.nextFireAt };
      } catch (error) {
        // A row that cannot be planned (edited by hand) must not stall the others: it stops.
        this.options.logger.error({ err: error, scheduleId: schedule.id }, 'schedule cannot be planned; it is stopped');
        return { schedule, from, plan: null, next: null };
      }
    });
    return repository.transaction(async (trx) => {
      const won = await repository.claimMany(
        trx,
        plans.map(({ schedule, from, next }) => ({ id: schedule.id, from, ...nextFire(schedule, next) })),
      );
      const ticks: Insertable<ScheduleTicksTable>[] = [];
      const pending: ClaimedTick[] = [];
      const missedCounts = new Map<string, number>();
      for (const { schedule, plan } of plans) {
        if (!plan || !won.has(schedule.id)) continue;
        if (plan.missed) {
          const catchUpRan = plan.run.some((tick) => tick.catchUp);
          const tick = tickRow(schedule.id, plan.missed.last.toISOString(), 'missed', createdAt, missedReason(plan.missed, schedule.timezone, catchUpRan));
          ticks.push(tick);
          missedCounts.set(tick.id, plan.missed.count);
        }
        for (const { instant } of plan.run) {
          const tick = tickRow(schedule.id, instant.toISOString(), 'pending', createdAt, null);
          ticks.push(tick);
          pending.push(claimedTick(schedule, tick));
        }
      }
      // Ticks already in the ledger (fired before) do not go in again and do not run again.
      const inserted = await repository.insertTicks(trx, ticks, this.lease.processId);
      for (const [tickId, count] of missedCounts) if (inserted.has(tickId)) this.ticks.count(report, 'missed', count);
      const claimed = pending.filter((tick) => inserted.has(tick.tickId));
      // Claimed: in the ledger, this process's to start (each then counts again by its outcome).
      if (claimed.length > 0) this.options.metrics?.scheduleTicks.inc({ outcome: 'claimed' }, claimed.length);
      return claimed;
    });
  }

  /**
   * "Trigger now": a tick at this instant (the judging clock's), with the given overlap
   * policy or the schedule's, started at once; answers what it came to.
   */
  async triggerNow(schedule: ScheduleRow, policy: OverlapPolicy | undefined): Promise<TickStart> {
    const { repository } = this.options;
    const now = await this.readClock();
    let row: Insertable<ScheduleTicksTable> | undefined;
    const release = await this.lease.hold();
    let executionId: string | null;
    try {
      // Two triggers in one millisecond: the second takes the next one (the ledger is unique per instant).
      for (let offset = 0; offset < 5 && !row; offset++) {
        const candidate = tickRow(schedule.id, new Date(now.getTime() + offset).toISOString(), 'pending', now.toISOString(), null, 'trigger', policy ?? null);
        const inserted = await repository.transaction((trx) => repository.insertTicks(trx, [candidate], this.lease.processId));
        if (inserted.has(candidate.id)) row = candidate;
      }
      if (!row) throw new Error('Could not record the tick; try again');
      const report: PassReport = { started: 0, skipped: 0, missed: 0, failed: 0, waiting: 0 };
      executionId = await this.ticks.start(claimedTick(schedule, row), report, false);
    } finally {
      await release();
    }
    const tick = (await repository.tick(row.id)) ?? (row as ScheduleTickRow);
    this.poke();
    return { tick, executionId: executionId ?? tick.execution_id };
  }

  /**
   * Backfill: the given past instants enter the ledger as ticks of source `backfill` (those
   * already there are not run again) and start in order with their own overlap policy, in
   * the background; a process that stops meanwhile leaves them pending for the next pass.
   */
  async backfill(schedule: ScheduleRow, instants: readonly Date[], policy: OverlapPolicy): Promise<{ instants: number; alreadyRan: number }> {
    const { repository, logger } = this.options;
    const createdAt = (await this.readClock()).toISOString();
    const rows = instants.map((instant) => tickRow(schedule.id, instant.toISOString(), 'pending', createdAt, null, 'backfill', policy));
    // Held while the backfill starts its ticks in the background, however long that takes.
    const release = await this.lease.hold();
    let inserted: Set<string>;
    try {
      inserted = rows.length === 0 ? new Set<string>() : await repository.transaction((trx) => repository.insertTicks(trx, rows, this.lease.processId));
    } catch (error) {
      await release();
      throw error;
    }
    const claimed = rows.filter((row) => inserted.has(row.id)).map((row) => claimedTick(schedule, row));
    const report: PassReport = { started: 0, skipped: 0, missed: 0, failed: 0, waiting: 0 };
    const work = this.startAll(claimed, report)
      .catch((error: unknown) => logger.error({ err: error, scheduleId: schedule.id }, 'backfill stopped; its pending ticks resume at a later pass'))
      .finally(async () => {
        await release();
        this.backfills.delete(work);
        this.poke();
      });
    this.backfills.add(work);
    return { instants: claimed.length, alreadyRan: rows.length - claimed.length };
  }

  /** Waiting ticks whose previous run ended, and pending ticks a dead process left. */
  private async resumeOpenTicks(now: Date, report: PassReport): Promise<void> {
    const { repository } = this.options;
    const stale = { now: this.nowInPass().toISOString(), staleBefore: new Date(now.getTime() - STALE_PENDING_MS).toISOString() };
    const open = await repository.openTicks(stale, this.batchSize);
    if (open.length === 0) return;
    // Ticks taken here are this process's to start: held like a claim.
    const release = await this.lease.hold();
    try {
      await this.resumeTicks(open, now, report);
    } finally {
      await release();
    }
  }

  private async resumeTicks(open: Awaited<ReturnType<SchedulesRepository['openTicks']>>, now: Date, report: PassReport): Promise<void> {
    const { repository } = this.options;
    for (const { tick, schedule } of open) {
      if (tick.outcome === 'waiting') {
        // Its turn comes when nothing of the schedule runs and no earlier tick is open: ticks go in order.
        if ((tick.source === 'schedule' && schedule.enabled !== 1) || (await repository.activeRun(schedule.id))) continue;
        const earlier = await repository.earlierOpenTicks(schedule.id, tick.scheduled_for);
        if (earlier.pending > 0 || earlier.waiting > 0) continue;
      }
      if (!(await repository.takeTick(tick, now.toISOString(), this.lease.processId))) continue;
      if (tick.outcome === 'pending') {
        // Its process may have died after starting the run: then only the ledger is behind.
        const execution = await repository.executionForTick(schedule.id, tick.scheduled_for);
        if (execution) {
          await repository.settleTick(tick.id, 'started', execution, null);
          this.ticks.count(report, 'started');
          continue;
        }
        // Paused since its process died: the pause holds, as for a tick that had not come yet.
        if (tick.source === 'schedule' && schedule.enabled !== 1) {
          await repository.settleTick(tick.id, 'missed', null, PAUSED_BEFORE_START);
          this.ticks.count(report, 'missed');
          continue;
        }
      }
      await this.ticks.start(claimedTick(schedule, tick), report, tick.outcome === 'waiting');
    }
  }
}
