import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type BackfillScheduleResult,
  dateTimeIssue,
  instantsBetween,
  isoInZone,
  nextRuns,
  type OverlapPolicy,
  SCHEDULE_SETTING_LIMITS,
  type Schedule,
  type ScheduleLastRun,
  type ScheduleTick,
  type TickSource,
  timeZoneIssue,
  timingFields,
  timingIssue,
} from '@weft/core';
import type { ScheduleRow, ScheduleTickRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { type BackfillScheduleBody, resolveSettings, type ScheduleLimits, type ScheduleSettings, type UpdateScheduleBody } from './schedule-input.js';
import type { ScheduleListQuery } from './schedule-lists.js';
import type { Scheduler } from './scheduler.js';
import { type SchedulesRepository, type ScheduleWithWorkflow, settingsColumns, settingsOf, timingOf, windowOf } from './schedules.repository.js';
import { nextFire } from './tick-rows.js';
import { UpcomingRuns } from './upcoming-runs.js';

export type ScheduleResult =
  | { ok: true; schedule: Schedule }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid' | 'limit'; message: string };

/** A refusal or nothing found, as ScheduleResult words them, or an answer. */
export type ScheduleActionResult<T> = { ok: true; value: T } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'invalid'; message: string };

/** What "trigger now" answers: the tick, as the ledger shows it, and the run it started. */
export interface TriggerResult {
  tick: ScheduleTick;
  executionId: string | null;
}

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
    /** Starts ticks out of turn ("trigger now", backfill); composition.ts passes the scheduler. */
    private readonly starter?: Pick<Scheduler, 'triggerNow' | 'backfill' | 'now'>,
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
    const [lastRuns, now] = await Promise.all([this.repository.lastRuns(page.map((row) => row.id)), this.judgingNow()]);
    const schedules: Schedule[] = [];
    for (const [index, row] of page.entries()) {
      // Next runs cost about 0.1 ms a row in a zone: other requests get a turn between slices.
      if (index > 0 && index % VIEWS_PER_TURN === 0) await nextTurn();
      schedules.push(this.toView(row, lastRuns.get(row.id) ?? null, now));
    }
    const last = page.at(-1);
    return { schedules, next: rows.length > query.limit && last ? { createdAt: last.created_at, id: last.id } : null };
  }

  async get(userId: string, id: string): Promise<Schedule | undefined> {
    const row = await this.repository.get(userId, id);
    return row ? this.view(row) : undefined;
  }

  async create(userId: string, body: UpdateScheduleBody & { workflowId: string }): Promise<ScheduleResult> {
    const now = await this.judgingNow();
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
      ...this.fireColumns(id, settings, this.firstTick(settings, at, now)),
      anchor_at: at,
      created_at: at,
      updated_at: at,
      paused_reason: null,
      pause_note: null,
    };
    const { perUser } = this.limits;
    if (perUser > 0 && !(await this.repository.insertWithin(row, perUser))) return { ok: false, reason: 'limit', message: scheduleLimitMessage(perUser) };
    if (perUser === 0) await this.repository.insert(row);
    this.changed();
    return this.found(userId, id);
  }

  /** Partial update; a new timing, zone or window restarts the count from now (nothing to catch up). */
  async update(userId: string, id: string, body: UpdateScheduleBody, note?: string | null): Promise<ScheduleResult> {
    const row = await this.repository.get(userId, id);
    if (!row) return { ok: false, reason: 'not_found' };
    const now = await this.judgingNow();
    const resolved = resolveSettings(body, settingsOf(row), now, this.limits);
    if (!resolved.ok) return { ok: false, reason: 'invalid', message: resolved.message };
    const { settings, timingChanged } = resolved;
    if (settings.workflowId !== row.workflow_id && !(await this.repository.ownsWorkflow(userId, settings.workflowId))) {
      return { ok: false, reason: 'invalid', message: WORKFLOW_NOT_YOURS };
    }
    const at = now.toISOString();
    const anchor = timingChanged ? at : row.anchor_at;
    // Enabled again (a resume): why Weft had paused it, or a person's note, no longer holds.
    const changes = {
      ...settingsColumns(settings),
      anchor_at: anchor,
      updated_at: at,
      ...(settings.enabled ? { paused_reason: null, pause_note: null } : {}),
      ...(note !== undefined ? { pause_note: note } : {}),
    };
    const resumed = settings.enabled && row.enabled !== 1;
    const jitterChanged = settings.jitterSeconds !== row.jitter_seconds;
    await this.repository.update(
      userId,
      id,
      timingChanged || resumed || jitterChanged
        ? { ...changes, ...this.fireColumns(id, settings, this.nextTick(settings, anchor, now, row, timingChanged)) }
        : changes,
    );
    this.changed();
    return this.found(userId, id);
  }

  /** Pauses it, keeping a person's note (shown under its name while paused). */
  async pause(userId: string, id: string, note?: string): Promise<ScheduleResult> {
    return this.update(userId, id, { enabled: false }, note ? note : null);
  }

  /** "Trigger now": one run at this instant, with its own overlap policy or the schedule's. */
  async trigger(userId: string, id: string, policy: OverlapPolicy | undefined): Promise<ScheduleActionResult<TriggerResult>> {
    const row = await this.repository.get(userId, id);
    if (!row) return { ok: false, reason: 'not_found' };
    if (!this.starter) return { ok: false, reason: 'invalid', message: 'This server does not start scheduled runs' };
    const started = await this.starter.triggerNow(row, policy);
    return { ok: true, value: { tick: tickView(started.tick, row.timezone), executionId: started.executionId } };
  }

  /**
   * Backfill: every instant of the timing in [startAt, endAt], both past, runs with the
   * given overlap policy (buffer_all by default: one after another, in order).
   */
  async backfill(userId: string, id: string, body: BackfillScheduleBody): Promise<ScheduleActionResult<BackfillScheduleResult>> {
    const row = await this.repository.get(userId, id);
    if (!row) return { ok: false, reason: 'not_found' };
    if (!this.starter) return { ok: false, reason: 'invalid', message: 'This server does not start scheduled runs' };
    const start = Date.parse(body.startAt);
    const end = Date.parse(body.endAt);
    if (end < start) return { ok: false, reason: 'invalid', message: 'endAt must not be before startAt' };
    if (end > (await this.judgingNow()).getTime())
      return { ok: false, reason: 'invalid', message: 'endAt must be in the past: a backfill runs the ticks of a range that is over' };
    const max = SCHEDULE_SETTING_LIMITS.backfillInstants;
    // The range's instants by the schedule's timing and zone (not its start and end dates: a backfill may reach before them).
    const window = { ...windowOf(row), startAt: null, endAt: null };
    const instants = instantsBetween(window, new Date(start - 1), new Date(end), max + 1);
    if (instants.length > max)
      return { ok: false, reason: 'invalid', message: `This range holds more than ${max} runs of the schedule; choose a shorter range` };
    if (instants.length === 0) return { ok: false, reason: 'invalid', message: 'The schedule has no run time in this range' };
    const value = await this.starter.backfill(row, instants, body.overlapPolicy ?? 'buffer_all');
    return { ok: true, value };
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
    return ticks.map((tick) => tickView(tick, row.timezone));
  }

  /** Now by the clock ticks are judged by (the database's with PostgreSQL), so a first instant agrees with the scheduler. */
  private judgingNow(): Promise<Date> {
    return this.starter ? this.starter.now() : Promise.resolve(this.clock.now());
  }

  /** The stored next time for a next instant: the instant plus its jitter, and how much that is. */
  private fireColumns(id: string, settings: ScheduleSettings, nominal: string | null): { next_fire_at: string | null; next_jitter_ms: number } {
    const { to, jitterMs } = nextFire({ id, jitter_seconds: settings.jitterSeconds }, nominal ? new Date(nominal) : null);
    return { next_fire_at: to, next_jitter_ms: jitterMs };
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
    if (!timingChanged && row.next_fire_at) return nominalNext(row);
    return this.firstTick(settings, anchor, now);
  }

  private async found(userId: string, id: string): Promise<ScheduleResult> {
    const schedule = await this.get(userId, id);
    return schedule ? { ok: true, schedule } : { ok: false, reason: 'not_found' };
  }

  private async view(row: ScheduleWithWorkflow): Promise<Schedule> {
    const [lastRuns, now] = await Promise.all([this.repository.lastRuns([row.id]), this.judgingNow()]);
    return this.toView(row, lastRuns.get(row.id) ?? null, now);
  }

  /**
   * The schedule as the API answers it. A row that cannot be computed (written before the
   * input checks: an interval past what a date can hold, a zone that is gone) is answered with
   * its `problem` and no next runs, so the owner's list still loads and says what to fix.
   */
  private toView(row: ScheduleWithWorkflow, lastRun: ScheduleLastRun | null, now: Date): Schedule {
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
      catchUpWindowSeconds: settings.catchUpWindowSeconds,
      pauseAfterFailures: settings.pauseAfterFailures,
      jitterSeconds: settings.jitterSeconds,
      startAt: row.start_at,
      endAt: row.end_at,
      nextRuns: [],
      lastRun,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      ...(row.paused_reason && row.enabled !== 1 ? { pausedReason: row.paused_reason } : {}),
      ...(row.pause_note && row.enabled !== 1 ? { pauseNote: row.pause_note } : {}),
    };
    const problem = storedProblem(row);
    if (problem) return { ...view, problem };
    try {
      const next = nominalNext(row);
      const upcoming = row.enabled === 1 && next ? this.upcoming.of(windowOf(row), next, now) : [];
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

/** The instant a stored next time stands for (without its jitter). */
function nominalNext(row: Pick<ScheduleRow, 'next_fire_at' | 'next_jitter_ms'>): string | null {
  if (!row.next_fire_at) return null;
  return row.next_jitter_ms ? new Date(Date.parse(row.next_fire_at) - row.next_jitter_ms).toISOString() : row.next_fire_at;
}

/** A ledger row as the API answers it, its instant in the schedule's zone. */
function tickView(tick: ScheduleTickRow, timezone: string): ScheduleTick {
  return {
    scheduledFor: isoInZone(new Date(tick.scheduled_for), timezone),
    outcome: tick.outcome,
    executionId: tick.execution_id,
    reason: tick.reason,
    createdAt: tick.created_at,
    source: (tick.source as TickSource) ?? 'schedule',
  };
}
