import {
  dateTimeIssue,
  isoInZone,
  nextRuns,
  type Schedule,
  type ScheduleLastRun,
  type ScheduleTick,
  timeZoneIssue,
  timingFields,
  timingIssue,
} from '@weft/core';
import type { ScheduleRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { resolveSettings, type ScheduleLimits, type ScheduleSettings, type UpdateScheduleBody } from './schedule-input.js';
import { type SchedulesRepository, type ScheduleWithWorkflow, settingsColumns, settingsOf, timingOf, windowOf } from './schedules.repository.js';

export type ScheduleResult =
  | { ok: true; schedule: Schedule }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid' | 'limit'; message: string };

/** How many upcoming instants a schedule shows. */
const NEXT_RUNS = 5;
/** The tick ledger answers this many entries, newest first. */
const TICKS_SHOWN = 100;

export const WORKFLOW_NOT_YOURS = 'workflowId: no workflow of yours has this id';

/** The refusal of one schedule too many: the limit, its setting, and what to do. */
export function scheduleLimitMessage(limit: number): string {
  return `You have ${limit} schedules, the most one account may have here (WEFT_SCHEDULES_PER_USER). Delete one you no longer need, or ask whoever runs this Weft to raise the limit.`;
}

/** Every schedule may answer; limits off by default for callers that set none (tests of the service alone). */
const NO_LIMITS: ScheduleLimits = { perUser: 0, minIntervalSeconds: 1 };

/**
 * Schedules as their owner manages them (SPEC.md §7). Another user's schedule is answered
 * as missing, and a schedule can only point at the caller's own workflows. Every change
 * recomputes the next tick and pokes the scheduler, so it fires on the new timing at once.
 */
export class SchedulesService {
  constructor(
    private readonly repository: SchedulesRepository,
    private readonly clock: Clock,
    /** Wakes the local scheduler after a change (other processes see it within their sleep). */
    private readonly changed: () => void = () => {},
    private readonly limits: ScheduleLimits = NO_LIMITS,
  ) {}

  async list(userId: string, workflowId?: string): Promise<Schedule[]> {
    const rows = await this.repository.list(userId, workflowId);
    const lastRuns = await this.repository.lastRuns(rows.map((row) => row.id));
    return rows.map((row) => this.toView(row, lastRuns.get(row.id) ?? null));
  }

  async get(userId: string, id: string): Promise<Schedule | undefined> {
    const row = await this.repository.get(userId, id);
    return row ? this.view(row) : undefined;
  }

  async create(userId: string, body: UpdateScheduleBody & { workflowId: string }): Promise<ScheduleResult> {
    const now = this.clock.now();
    const resolved = resolveSettings(body, undefined, now, this.limits);
    if (!resolved.ok) return { ok: false, reason: 'invalid', message: resolved.message };
    const { settings } = resolved;
    if (!(await this.repository.ownsWorkflow(userId, settings.workflowId))) return { ok: false, reason: 'invalid', message: WORKFLOW_NOT_YOURS };
    const at = now.toISOString();
    const id = newId();
    const row = {
      id,
      user_id: userId,
      ...settingsColumns(settings),
      next_fire_at: this.firstTick(settings, at, now),
      anchor_at: at,
      created_at: at,
      updated_at: at,
      paused_reason: null,
    };
    const { perUser } = this.limits;
    if (perUser > 0 && !(await this.repository.insertWithin(row, perUser))) return { ok: false, reason: 'limit', message: scheduleLimitMessage(perUser) };
    if (perUser === 0) await this.repository.insert(row);
    this.changed();
    return this.found(userId, id);
  }

  /** Partial update; a new timing, zone or window restarts the count from now (nothing to catch up). */
  async update(userId: string, id: string, body: UpdateScheduleBody): Promise<ScheduleResult> {
    const row = await this.repository.get(userId, id);
    if (!row) return { ok: false, reason: 'not_found' };
    const now = this.clock.now();
    const resolved = resolveSettings(body, settingsOf(row), now, this.limits);
    if (!resolved.ok) return { ok: false, reason: 'invalid', message: resolved.message };
    const { settings, timingChanged } = resolved;
    if (settings.workflowId !== row.workflow_id && !(await this.repository.ownsWorkflow(userId, settings.workflowId))) {
      return { ok: false, reason: 'invalid', message: WORKFLOW_NOT_YOURS };
    }
    const at = now.toISOString();
    const anchor = timingChanged ? at : row.anchor_at;
    // Enabled again (a resume): why Weft had paused it no longer holds.
    const changes = { ...settingsColumns(settings), anchor_at: anchor, updated_at: at, ...(settings.enabled ? { paused_reason: null } : {}) };
    const resumed = settings.enabled && row.enabled !== 1;
    await this.repository.update(
      userId,
      id,
      timingChanged || resumed ? { ...changes, next_fire_at: this.nextTick(settings, anchor, now, row, timingChanged) } : changes,
    );
    this.changed();
    return this.found(userId, id);
  }

  async pause(userId: string, id: string): Promise<ScheduleResult> {
    return this.update(userId, id, { enabled: false });
  }

  async resume(userId: string, id: string): Promise<ScheduleResult> {
    return this.update(userId, id, { enabled: true });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return this.repository.delete(userId, id);
  }

  /** The tick ledger, newest first: what fired, what was skipped or missed, and why. */
  async ticks(userId: string, id: string): Promise<ScheduleTick[] | undefined> {
    const row = await this.repository.get(userId, id);
    if (!row) return undefined;
    const ticks = await this.repository.ticks(id, TICKS_SHOWN);
    return ticks.map((tick) => ({
      scheduledFor: isoInZone(new Date(tick.scheduled_for), row.timezone),
      outcome: tick.outcome,
      executionId: tick.execution_id,
      reason: tick.reason,
      createdAt: tick.created_at,
    }));
  }

  private firstTick(settings: ScheduleSettings, anchor: string, now: Date): string | null {
    const window = { timing: settings.timing, timezone: settings.timezone, startAt: settings.startAt, endAt: settings.endAt, anchor };
    return nextRuns(window, now, 1)[0]?.toISOString() ?? null;
  }

  /**
   * After a change: a new timing counts from now. A resume keeps the tick that was due when
   * the schedule was paused, so the ticks missed meanwhile meet the catch-up policy.
   */
  private nextTick(settings: ScheduleSettings, anchor: string, now: Date, row: ScheduleRow, timingChanged: boolean): string | null {
    if (!timingChanged && row.next_fire_at) return row.next_fire_at;
    return this.firstTick(settings, anchor, now);
  }

  private async found(userId: string, id: string): Promise<ScheduleResult> {
    const schedule = await this.get(userId, id);
    return schedule ? { ok: true, schedule } : { ok: false, reason: 'not_found' };
  }

  private async view(row: ScheduleWithWorkflow): Promise<Schedule> {
    const lastRuns = await this.repository.lastRuns([row.id]);
    return this.toView(row, lastRuns.get(row.id) ?? null);
  }

  /**
   * The schedule as the API answers it. A row that cannot be computed (written before the
   * input checks: an interval past what a date can hold, a zone that is gone) is answered with
   * its `problem` and no next runs, so the owner's list still loads and says what to fix.
   */
  private toView(row: ScheduleWithWorkflow, lastRun: ScheduleLastRun | null): Schedule {
    const settings = settingsOf(row);
    const { timing } = settings;
    const view: Schedule = {
      id: row.id,
      workflowId: row.workflow_id,
      workflowName: row.workflow_name,
      name: row.name,
      enabled: row.enabled === 1,
      ...timingFields(timing),
      timezone: row.timezone,
      inputs: settings.inputs,
      overlapPolicy: settings.overlapPolicy,
      catchUpPolicy: settings.catchUpPolicy,
      startAt: row.start_at,
      endAt: row.end_at,
      nextRuns: [],
      lastRun,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      ...(row.paused_reason && row.enabled !== 1 ? { pausedReason: row.paused_reason } : {}),
    };
    const problem = storedProblem(row);
    if (problem) return { ...view, problem };
    try {
      // Upcoming instants from the stored next tick on (so a tick due this second still shows), never from the past.
      const from = new Date(Math.max(this.clock.now().getTime(), row.next_fire_at ? Date.parse(row.next_fire_at) - 1 : 0));
      const upcoming = row.enabled === 1 && row.next_fire_at ? nextRuns(windowOf(row), from, NEXT_RUNS) : [];
      return { ...view, nextRuns: upcoming.map((instant) => isoInZone(instant, row.timezone)) };
    } catch (error) {
      return { ...view, problem: `Its next runs cannot be computed (${(error as Error).message}). Edit the schedule and set its timing again.` };
    }
  }
}

/** What is wrong with a stored row by today's checks, in the words the API would have refused it with. */
function storedProblem(row: ScheduleWithWorkflow): string | undefined {
  const issue =
    timingIssue(timingOf(row)) ??
    timeZoneIssue(row.timezone) ??
    (row.start_at === null ? undefined : dateTimeIssue('startAt', row.start_at)) ??
    (row.end_at === null ? undefined : dateTimeIssue('endAt', row.end_at));
  return issue && `This schedule cannot run as stored: ${issue}. Edit it to set a new one.`;
}
