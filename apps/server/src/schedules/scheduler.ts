import {
  decideOverlap,
  isoInZone,
  jitterOffsetMs,
  type MissedTicks,
  type OverlapPolicy,
  overlapPolicyOf,
  planTicks,
  type TickPlan,
  type TickSource,
} from '@weft/core';
import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import type { ScheduleRow, ScheduleTickRow, ScheduleTicksTable } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import { newId } from '../platform/tokens.js';
import type { RunService } from '../runs/run.service.js';
import { SchedulerLease } from './scheduler-lease.js';
import { type SchedulesRepository, storedInputs, windowOf } from './schedules.repository.js';

/** What the scheduler needs of the run service. */
export type ScheduleRunner = Pick<RunService, 'start' | 'recordRefused' | 'cancel'>;

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

/** What one pass did, for tests and the benchmark. */
export interface PassReport {
  started: number;
  skipped: number;
  missed: number;
  failed: number;
  waiting: number;
}

/** A claimed tick ready to act on. */
interface ClaimedTick {
  schedule: ScheduleRow;
  tickId: string;
  instant: string;
  source: TickSource;
  /** The tick's own overlap policy (a backfill's or trigger's), else the schedule's. */
  policy: OverlapPolicy;
  /** When it was due (its instant plus its jitter), for the lateness metric. */
  dueMs: number;
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
/** cancel_other cancels at most this many runs of the schedule before starting its own. */
const MAX_CANCELS = 10;

/** Why a schedule paused itself after failed runs (shown under its name; resuming clears it). */
export function failurePauseReason(failures: number, lastError: string | null): string {
  const last = lastError ? ` The last one: ${lastError.length > 200 ? `${lastError.slice(0, 200)}…` : lastError}` : '';
  return `Paused after ${failures} failed runs in a row (pause after failures: ${failures}).${last} Fix the workflow, then resume the schedule.`;
}

/** "3 ticks missed from … to …": the ledger's reason for a gap. */
function missedReason(gap: MissedTicks, timezone: string, catchUpRan: boolean): string {
  const count = gap.more ? `More than ${gap.count}` : String(gap.count);
  const span = gap.count === 1 ? `at ${isoInZone(gap.first, timezone)}` : `from ${isoInZone(gap.first, timezone)} to ${isoInZone(gap.last, timezone)}`;
  const why = 'Weft was not running or the schedule was paused';
  return `${count} tick${gap.count === 1 && !gap.more ? '' : 's'} missed ${span} (${why})${catchUpRan ? '; the latest ran once (catch-up: run once)' : ''}`;
}

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

  constructor(private readonly options: SchedulerOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.maxSleepMs = options.maxSleepMs ?? 30_000;
    this.lease = new SchedulerLease(options.repository, () => this.nowInPass(), options.logger);
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
        for (const tick of ticks) await this.startTick(tick, report, false);
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
      for (const [tickId, count] of missedCounts) if (inserted.has(tickId)) this.count(report, 'missed', count);
      return pending.filter((tick) => inserted.has(tick.tickId));
    });
  }

  /** A tick's outcome, in this pass's report and in the metrics. */
  private count(report: PassReport, outcome: keyof PassReport, ticks = 1): void {
    report[outcome] += ticks;
    this.options.metrics?.scheduleTicks.inc({ outcome }, ticks);
  }

  /**
   * Applies the overlap policy, then starts the run (or records why not). The policy is
   * decided from the database (the schedule's runs going, its earlier ticks still pending
   * or waiting), so every process decides alike: an earlier tick another process is
   * starting counts as running, and one waiting goes first. A tick taken from waiting was
   * found free to go (resumeOpenTicks) and is not decided again.
   */
  private async startTick(tick: ClaimedTick, report: PassReport, wasWaiting: boolean): Promise<string | null> {
    const { repository, runs, logger } = this.options;
    const { schedule, policy } = tick;
    let previous: string | undefined;
    let decision = decideOverlap(policy, { running: false, earlierPending: 0, earlierWaiting: 0 });
    if (!wasWaiting && policy !== 'allow_all') {
      previous = await repository.activeRun(schedule.id);
      // skip with a run going needs nothing more; every other case asks for the earlier ticks.
      const earlier = policy === 'skip' && previous ? { pending: 0, waiting: 0 } : await repository.earlierOpenTicks(schedule.id, tick.instant);
      decision = decideOverlap(policy, { running: previous !== undefined, earlierPending: earlier.pending, earlierWaiting: earlier.waiting });
    }
    if (decision === 'skip') {
      await repository.settleTick(tick.tickId, 'skipped', null, overlapReason(policy, previous));
      this.count(report, 'skipped');
      return null;
    }
    if (decision === 'wait') {
      const behind = previous ? `the previous run (${previous})` : 'an earlier tick';
      await repository.settleTick(tick.tickId, 'waiting', null, `Waiting for ${behind} to end (overlap: ${policy})`);
      this.count(report, 'waiting');
      return null;
    }
    if (tick.source === 'schedule' && (await this.pausedForFailures(tick))) {
      this.count(report, 'skipped');
      return null;
    }
    if (decision === 'cancel_then_run') await this.cancelRunning(schedule, previous);
    const request = {
      userId: schedule.user_id,
      workflowId: schedule.workflow_id,
      trigger: 'schedule' as const,
      inputs: storedInputs(schedule.inputs),
      idempotencyKey: `schedule:${schedule.id}:${tick.instant}`,
      schedule: { id: schedule.id, scheduledFor: tick.instant },
    };
    try {
      const started = await runs.start(request);
      if (started.ok) {
        await repository.settleTick(tick.tickId, 'started', started.execution.id, null);
        this.count(report, 'started');
        this.options.metrics?.scheduleTickLateness.observe(Math.max(0, this.nowInPass().getTime() - tick.dueMs) / 1000);
        return started.execution.id;
      }
      const refused = started.reason === 'invalid' ? await runs.recordRefused(request, started.message) : undefined;
      await repository.settleTick(tick.tickId, 'failed', refused?.id ?? null, started.reason === 'invalid' ? started.message : 'The workflow no longer exists');
      this.count(report, 'failed');
      return refused?.id ?? null;
    } catch (error) {
      // Stopping, or the database went away: the tick stays pending and a later pass starts it.
      logger.warn({ err: error, scheduleId: schedule.id, instant: tick.instant }, 'scheduled run not started yet; will retry');
      return null;
    }
  }

  /** cancel_other: the schedule's runs still going are cancelled (each waited for) before the new one starts. */
  private async cancelRunning(schedule: ScheduleRow, first: string | undefined): Promise<void> {
    let running = first;
    for (let cancelled = 0; running && cancelled < MAX_CANCELS; cancelled++) {
      await this.options.runs.cancel(schedule.user_id, running);
      running = await this.options.repository.activeRun(schedule.id);
    }
  }

  /**
   * Pause after failures: when the schedule's last N ended runs all failed, its next tick
   * pauses it instead of running again (a conditional update, so one process does it), with
   * the reason shown under its name. Checked at the tick, where the next failure would start.
   */
  private async pausedForFailures(tick: ClaimedTick): Promise<boolean> {
    const { schedule } = tick;
    const limit = schedule.pause_after_failures;
    if (!(limit > 0)) return false;
    const failed = await this.options.repository.failedInARow(schedule.id, limit);
    if (failed.count < limit) return false;
    const reason = failurePauseReason(limit, failed.lastError);
    const { repository } = this.options;
    await repository.settleTick(tick.tickId, 'skipped', null, reason);
    if (await repository.pauseItself(schedule.id, reason, this.nowInPass().toISOString())) {
      this.options.logger.warn({ scheduleId: schedule.id, failures: limit }, 'A schedule whose runs kept failing was paused');
      await this.options.onPaused?.(schedule, reason).catch((error: unknown) => this.options.logger.error({ err: error }, 'pause notice failed'));
    }
    return true;
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
      executionId = await this.startTick(claimedTick(schedule, row), report, false);
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
          this.count(report, 'started');
          continue;
        }
        // Paused since its process died: the pause holds, as for a tick that had not come yet.
        if (tick.source === 'schedule' && schedule.enabled !== 1) {
          await repository.settleTick(tick.id, 'missed', null, PAUSED_BEFORE_START);
          this.count(report, 'missed');
          continue;
        }
      }
      await this.startTick(claimedTick(schedule, tick), report, tick.outcome === 'waiting');
    }
  }
}

/** A ledger row to insert. */
function tickRow(
  scheduleId: string,
  instant: string,
  outcome: ScheduleTickRow['outcome'],
  createdAt: string,
  reason: string | null,
  source: TickSource = 'schedule',
  overlapPolicy: OverlapPolicy | null = null,
): Insertable<ScheduleTicksTable> & { id: string; scheduled_for: string; source: TickSource; overlap_policy: string | null } {
  return {
    id: newId(),
    schedule_id: scheduleId,
    scheduled_for: instant,
    outcome,
    execution_id: null,
    reason,
    created_at: createdAt,
    source,
    overlap_policy: overlapPolicy,
  };
}

/** A ledger row as a tick to start: its policy (its own or the schedule's) and when it was due. */
function claimedTick(
  schedule: ScheduleRow,
  row: Pick<ScheduleTickRow, 'id' | 'scheduled_for'> & { source?: string | undefined; overlap_policy?: string | null | undefined },
): ClaimedTick {
  const instant = Date.parse(row.scheduled_for);
  const source = (row.source as TickSource) ?? 'schedule';
  return {
    schedule,
    tickId: row.id,
    instant: row.scheduled_for,
    source,
    policy: overlapPolicyOf(row.overlap_policy ?? schedule.overlap_policy),
    dueMs: source === 'schedule' ? instant + jitterOffsetMs(schedule.id, new Date(instant), schedule.jitter_seconds) : instant,
  };
}

/** The stored next time of a schedule whose next instant is `next`: the instant plus its jitter. */
export function nextFire(schedule: Pick<ScheduleRow, 'id' | 'jitter_seconds'>, next: Date | null): { to: string | null; jitterMs: number } {
  if (!next) return { to: null, jitterMs: 0 };
  const jitterMs = jitterOffsetMs(schedule.id, next, schedule.jitter_seconds);
  return { to: new Date(next.getTime() + jitterMs).toISOString(), jitterMs };
}

/** Why a tick was skipped, in the ledger's words. */
function overlapReason(policy: OverlapPolicy, previous: string | undefined): string {
  if (policy === 'buffer_one' && previous) return `The previous run (${previous}) was still going and a tick already waits for it (overlap: buffer_one)`;
  if (policy === 'buffer_one') return 'A tick already waits its turn (overlap: buffer_one)';
  if (policy === 'buffer_all') return 'Too many ticks already wait their turn (overlap: buffer_all)';
  if (previous) return `The previous run (${previous}) was still going (overlap: skip)`;
  return 'An earlier tick of this schedule was still starting or waiting (overlap: skip)';
}
