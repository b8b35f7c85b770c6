import { setImmediate as nextTurn } from 'node:timers/promises';
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
import type { ScheduleListQuery } from './schedule-lists.js';
import { type SchedulesRepository, type ScheduleWithWorkflow, settingsColumns, settingsOf, timingOf, windowOf } from './schedules.repository.js';
import { UpcomingRuns } from './upcoming-runs.js';

export type ScheduleResult =
  | { ok: true; schedule: Schedule }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid' | 'limit'; message: string };

/** A page of the schedule list, and the last row's place when another page follows. */
export interface SchedulePage {
  schedules: Schedule[];
  next: { createdAt: string; id: string } | null;
}

/** Schedules a list computes before it lets other work in: 25 keep one slice near 3 ms. */
const VIEWS_PER_TURN = 25;

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
  private readonly upcoming = new UpcomingRuns(NEXT_RUNS);

  constructor(
    private readonly repository: SchedulesRepository,
    private readonly clock: Clock,
    /** Wakes the local scheduler after a change (other processes see it within their sleep). */
    private readonly changed: () => void = () => {},
    private readonly limits: ScheduleLimits = NO_LIMITS,
  ) {}

  /**
   * One page of the user's schedules, oldest first, and where the next page starts (null on
   * the last). Last runs and next runs are computed for the page's rows only: all 10,000 of
   * an operator's schedules at once took 1.7 s of CPU (bench/README.md).
   */
  async list(userId: string, query: ScheduleListQuery): Promise<SchedulePage> {
    // One more than asked says whether another page exists.
    const rows = await this.repository.list(userId, { ...query, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const lastRuns = await this.repository.lastRuns(page.map((row) => row.id));
    const schedules: Schedule[] = [];
    for (const [index, row] of page.entries()) {
      // Next runs cost about 0.1 ms a row in a zone: other requests get a turn between slices.
      if (index > 0 && index % VIEWS_PER_TURN === 0) await nextTurn();
      schedules.push(this.toView(row, lastRuns.get(row.id) ?? null));
    }
    const last = page.at(-1);
    return { schedules, next: rows.length > query.limit && last ? { createdAt: last.created_at, id: last.id } : null };
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
      const upcoming = row.enabled === 1 && row.next_fire_at ? this.upcoming.of(windowOf(row), row.next_fire_at, this.clock.now()) : [];
      return { ...view, nextRuns: upcoming };
    } catch (error) {
      return { ...view, problem: `Its next runs cannot be computed (${(error as Error).message}). Edit the schedule and set its timing again.` };
    }
  }
}

/**
 * Checks of a cron or a zone by their text: a zone's builds a formatter and a cron's a parser
 * (35 and 20 µs), a third of a listed row's cost, while a list shares a few of each. Both
 * answers depend on the text alone.
 */
const checked = new Map<string, string | undefined>();
const MAX_CHECKED = 1000;

function remembered(key: string, check: () => string | undefined): string | undefined {
  if (checked.has(key)) return checked.get(key);
  if (checked.size >= MAX_CHECKED) checked.clear();
  const issue = check();
  checked.set(key, issue);
  return issue;
}

/** What is wrong with a stored row by today's checks, in the words the API would have refused it with. */
function storedProblem(row: ScheduleWithWorkflow): string | undefined {
  const timing = timingOf(row);
  const issue =
    (timing.kind === 'cron' ? remembered(`cron\u0000${timing.cron}`, () => timingIssue(timing)) : timingIssue(timing)) ??
    remembered(`zone\u0000${row.timezone}`, () => timeZoneIssue(row.timezone)) ??
    (row.start_at === null ? undefined : dateTimeIssue('startAt', row.start_at)) ??
    (row.end_at === null ? undefined : dateTimeIssue('endAt', row.end_at));
  return issue && `This schedule cannot run as stored: ${issue}. Edit it to set a new one.`;
}
