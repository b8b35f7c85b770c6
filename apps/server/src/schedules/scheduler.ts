import { decideOverlap, isoInZone, type MissedTicks, planTicks, type TickPlan } from '@weft/core';
import type { Logger } from 'pino';
import type { ScheduleRow, ScheduleTickRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import { newId } from '../platform/tokens.js';
import type { RunService } from '../runs/run.service.js';
import { type SchedulesRepository, storedInputs, windowOf } from './schedules.repository.js';

/** What the scheduler needs of the run service. */
export type ScheduleRunner = Pick<RunService, 'start' | 'recordRefused'>;

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
}

/** A pending tick older than this was left by a process that stopped; the next pass finishes it. */
const STALE_PENDING_MS = 30_000;
/** Ticks of different schedules being started at once. */
const START_CONCURRENCY = 64;
/** The last instant a schedule may fire: dates are compared as ISO text, which holds for four-digit years only. */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** While ticks wait behind a run, look this often for the run's end. */
const OPEN_TICKS_POLL_MS = 1_000;

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
  /** The database clock's reading at the start of the last pass, and the monotonic time then. */
  private reading: { at: number; mono: number } | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.maxSleepMs = options.maxSleepMs ?? 30_000;
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
    for (;;) {
      const due = await this.options.repository.due(now.toISOString(), this.batchSize);
      if (due.length === 0) break;
      claimed.push(...(await this.claim(due, now, report)));
      if (due.length < this.batchSize) break;
    }
    await this.startAll(claimed, report);
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
    const plans: { schedule: ScheduleRow; from: string; plan: TickPlan | null }[] = due.map((schedule) => {
      const from = schedule.next_fire_at as string;
      try {
        const plan = planTicks(windowOf(schedule), new Date(from), now, graceMs, schedule.catch_up_policy === 'run_once' ? 'run_once' : 'skip');
        // A date past what Date can hold (an interval stored before the input checks) throws
        // here, for this row alone, rather than in the claim below, which would fail the pass
        // for every schedule of every user, again on each retry.
        for (const instant of [plan.nextFireAt, plan.missed?.first, plan.missed?.last, ...plan.run.map((tick) => tick.instant)]) instant?.toISOString();
        if (plan.missed) missedReason(plan.missed, schedule.timezone, false);
        // Past the year 9999 an ISO date is written "+010000-…" and sorts before every other:
        // stored, it would be due on every pass and hide the true soonest tick. No ticks come then.
        if (plan.nextFireAt && plan.nextFireAt.getTime() > LAST_INSTANT) return { schedule, from, plan: { ...plan, nextFireAt: null } };
        return { schedule, from, plan };
      } catch (error) {
        // A row that cannot be planned (edited by hand) must not stall the others: it stops.
        this.options.logger.error({ err: error, scheduleId: schedule.id }, 'schedule cannot be planned; it is stopped');
        return { schedule, from, plan: null };
      }
    });
    return repository.transaction(async (trx) => {
      const won = await repository.claimMany(
        trx,
        plans.map(({ schedule, from, plan }) => ({ id: schedule.id, from, to: plan?.nextFireAt?.toISOString() ?? null })),
      );
      const ticks: ScheduleTickRow[] = [];
      const pending: ClaimedTick[] = [];
      const missedCounts = new Map<string, number>();
      for (const { schedule, plan } of plans) {
        if (!plan || !won.has(schedule.id)) continue;
        if (plan.missed) {
          const catchUpRan = plan.run.some((tick) => tick.catchUp);
          const tick = this.tickRow(schedule.id, plan.missed.last.toISOString(), 'missed', createdAt, missedReason(plan.missed, schedule.timezone, catchUpRan));
          ticks.push(tick);
          missedCounts.set(tick.id, plan.missed.count);
        }
        for (const { instant } of plan.run) {
          const tick = this.tickRow(schedule.id, instant.toISOString(), 'pending', createdAt, null);
          ticks.push(tick);
          pending.push({ schedule, tickId: tick.id, instant: tick.scheduled_for });
        }
      }
      // Ticks already in the ledger (fired before) do not go in again and do not run again.
      const inserted = await repository.insertTicks(trx, ticks);
      for (const [tickId, count] of missedCounts) if (inserted.has(tickId)) this.count(report, 'missed', count);
      return pending.filter((tick) => inserted.has(tick.tickId));
    });
  }

  /** A tick's outcome, in this pass's report and in the metrics. */
  private count(report: PassReport, outcome: keyof PassReport, ticks = 1): void {
    report[outcome] += ticks;
    this.options.metrics?.scheduleTicks.inc({ outcome }, ticks);
  }

  private tickRow(scheduleId: string, instant: string, outcome: ScheduleTickRow['outcome'], createdAt: string, reason: string | null): ScheduleTickRow {
    return { id: newId(), schedule_id: scheduleId, scheduled_for: instant, outcome, execution_id: null, reason, created_at: createdAt };
  }

  /** Applies the overlap policy, then starts the run (or records why not). */
  private async startTick(tick: ClaimedTick, report: PassReport, wasWaiting: boolean): Promise<void> {
    const { repository, runs, logger } = this.options;
    const { schedule } = tick;
    const previous = await repository.activeRun(schedule.id);
    const policy = schedule.overlap_policy === 'queue' || schedule.overlap_policy === 'allow' ? schedule.overlap_policy : 'skip';
    const alreadyWaiting = !wasWaiting && policy === 'queue' && previous !== undefined && (await repository.hasWaitingTick(schedule.id));
    const decision = decideOverlap(policy, previous !== undefined, alreadyWaiting);
    if (decision === 'skip') {
      const reason = alreadyWaiting
        ? `The previous run (${previous}) was still going and a tick already waits for it (overlap: queue)`
        : `The previous run (${previous}) was still going (overlap: skip)`;
      await repository.settleTick(tick.tickId, 'skipped', null, reason);
      this.count(report, 'skipped');
      return;
    }
    if (decision === 'wait') {
      await repository.settleTick(tick.tickId, 'waiting', null, `Waiting for the previous run (${previous}) to end (overlap: queue)`);
      this.count(report, 'waiting');
      return;
    }
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
        this.options.metrics?.scheduleTickLateness.observe(Math.max(0, this.nowInPass().getTime() - Date.parse(tick.instant)) / 1000);
        return;
      }
      const refused = started.reason === 'invalid' ? await runs.recordRefused(request, started.message) : undefined;
      await repository.settleTick(tick.tickId, 'failed', refused?.id ?? null, started.reason === 'invalid' ? started.message : 'The workflow no longer exists');
      this.count(report, 'failed');
    } catch (error) {
      // Stopping, or the database went away: the tick stays pending and a later pass starts it.
      logger.warn({ err: error, scheduleId: schedule.id, instant: tick.instant }, 'scheduled run not started yet; will retry');
    }
  }

  /** Waiting ticks whose previous run ended, and pending ticks a dead process left. */
  private async resumeOpenTicks(now: Date, report: PassReport): Promise<void> {
    const { repository } = this.options;
    const open = await repository.openTicks(new Date(now.getTime() - STALE_PENDING_MS).toISOString(), this.batchSize);
    for (const { tick, schedule } of open) {
      if (tick.outcome === 'waiting') {
        if (schedule.enabled !== 1 || (await repository.activeRun(schedule.id))) continue;
      }
      if (!(await repository.takeTick(tick, now.toISOString()))) continue;
      if (tick.outcome === 'pending') {
        // Its process may have died after starting the run: then only the ledger is behind.
        const execution = await repository.executionForTick(schedule.id, tick.scheduled_for);
        if (execution) {
          await repository.settleTick(tick.id, 'started', execution, null);
          this.count(report, 'started');
          continue;
        }
      }
      await this.startTick({ schedule, tickId: tick.id, instant: tick.scheduled_for }, report, tick.outcome === 'waiting');
    }
  }
}
