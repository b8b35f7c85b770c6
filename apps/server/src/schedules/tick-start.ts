import { decideOverlap } from '@weft/core';
import type { Logger } from 'pino';
import type { ScheduleRow } from '../db/schema.js';
import type { Metrics } from '../platform/metrics.js';
import type { RunService } from '../runs/run.service.js';
import { type SchedulesRepository, storedInputs } from './schedules.repository.js';
import { type ClaimedTick, failurePauseReason, overlapReason } from './tick-rows.js';

/** What the scheduler needs of the run service. */
export type ScheduleRunner = Pick<RunService, 'start' | 'recordRefused' | 'cancel'>;

/** What one pass did, for tests and the benchmark. */
export interface PassReport {
  started: number;
  skipped: number;
  missed: number;
  failed: number;
  waiting: number;
}

/** cancel_other cancels at most this many runs of the schedule before starting its own. */
const MAX_CANCELS = 10;

export interface TickStarterDeps {
  repository: SchedulesRepository;
  runs: ScheduleRunner;
  logger: Logger;
  /** Now by the clock that judges ticks (the scheduler's pass reading). */
  now: () => Date;
  metrics?: Pick<Metrics, 'scheduleTicks' | 'scheduleTickLateness'> | undefined;
  onPaused?: ((schedule: ScheduleRow, reason: string) => Promise<unknown>) | undefined;
}

/**
 * Starts one claimed tick: the overlap policy decided from the database, pause after
 * failures, cancel_other's cancels, then the run through the run service with the idempotency
 * key `schedule:<id>:<instant>`, and the tick settled with what it came to. Every tick goes
 * through here: those the timing claimed, those a resume took, "trigger now" and backfills.
 */
export class TickStarter {
  constructor(private readonly deps: TickStarterDeps) {}

  /** A tick's outcome, in this pass's report and in the metrics. */
  count(report: PassReport, outcome: keyof PassReport, ticks = 1): void {
    report[outcome] += ticks;
    this.deps.metrics?.scheduleTicks.inc({ outcome }, ticks);
  }

  /**
   * Applies the overlap policy, then starts the run (or records why not). The policy is
   * decided from the database (the schedule's runs going, its earlier ticks still pending
   * or waiting), so every process decides alike: an earlier tick another process is
   * starting counts as running, and one waiting goes first. A tick taken from waiting was
   * found free to go (the scheduler's resume of open ticks) and is not decided again.
   */
  async start(tick: ClaimedTick, report: PassReport, wasWaiting: boolean): Promise<string | null> {
    const { repository, runs, logger } = this.deps;
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
        this.deps.metrics?.scheduleTickLateness.observe(Math.max(0, this.deps.now().getTime() - tick.dueMs) / 1000);
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
      await this.deps.runs.cancel(schedule.user_id, running);
      running = await this.deps.repository.activeRun(schedule.id);
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
    const failed = await this.deps.repository.failedInARow(schedule.id, limit);
    if (failed.count < limit) return false;
    const reason = failurePauseReason(limit, failed.lastError);
    const { repository } = this.deps;
    await repository.settleTick(tick.tickId, 'skipped', null, reason);
    if (await repository.pauseItself(schedule.id, reason, this.deps.now().toISOString())) {
      this.deps.logger.warn({ scheduleId: schedule.id, failures: limit }, 'A schedule whose runs kept failing was paused');
      await this.deps.onPaused?.(schedule, reason).catch((error: unknown) => this.deps.logger.error({ err: error }, 'pause notice failed'));
    }
    return true;
  }
}
