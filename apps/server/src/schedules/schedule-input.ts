import {
  CATCH_UP_POLICIES,
  dateTimeIssue,
  defaultScheduleName,
  LEGACY_OVERLAP_POLICIES,
  OVERLAP_POLICIES,
  SCHEDULE_SETTING_LIMITS,
  type ScheduleOptions,
  type ScheduleTiming,
  shortestGapBelow,
  timeZoneIssue,
  timingIssue,
} from '@weft/core';
import { z } from 'zod';

/** Run inputs are stored with the schedule and sent on every tick; keep them small. */
export const MAX_INPUTS_BYTES = 64 * 1024;
const MAX_NAME = 200;

const isoDateTime = (field: string) =>
  z.string({ error: `${field} must be an ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z` }).superRefine((value, context) => {
    // Date.parse takes "1" as 2001 and 30 February as 2 March: the calendar is checked part by part.
    const issue = dateTimeIssue(field, value);
    if (issue) context.addIssue({ code: 'custom', message: issue });
  });

/** Temporal's overlap policies; the first release's names (`queue`, `allow`) are still taken and stored by today's. */
export function overlapPolicyField() {
  const names = OVERLAP_POLICIES.join(', ');
  return z.preprocess(
    (value) => (typeof value === 'string' && LEGACY_OVERLAP_POLICIES[value]) || value,
    z.enum(OVERLAP_POLICIES, { error: `overlapPolicy must be one of ${names}` }),
  );
}

/** A whole number from 0 to `max`, refused with the field, the range and the unit. */
function wholeNumber(field: string, max: number, unit: string) {
  const message = `${field} must be a whole number from 0 to ${max.toLocaleString('en-US')} (${unit})`;
  return z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });
}

/** The fields a schedule takes; both bodies refuse any other (a typo must not be stored silently). */
const fields = {
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .max(MAX_NAME, { error: `name must be at most ${MAX_NAME} characters` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  cron: z.string({ error: 'cron must be text, e.g. "0 9 * * 1-5"' }).max(200).nullable(),
  intervalSeconds: z.number({ error: 'intervalSeconds must be a number of seconds' }).nullable(),
  runAt: isoDateTime('runAt').nullable(),
  timezone: z.string({ error: 'timezone must be an IANA zone name such as Europe/Berlin' }).min(1).max(64),
  inputs: z.record(z.string(), z.unknown(), { error: 'inputs must be an object of values by node id, e.g. { "in": "hello" }' }),
  overlapPolicy: overlapPolicyField(),
  catchUpPolicy: z.enum(CATCH_UP_POLICIES, { error: `catchUpPolicy must be one of ${CATCH_UP_POLICIES.join(', ')}` }),
  catchUpWindowSeconds: wholeNumber('catchUpWindowSeconds', SCHEDULE_SETTING_LIMITS.catchUpWindowSeconds, 'seconds (null: the server default)').nullable(),
  pauseAfterFailures: wholeNumber('pauseAfterFailures', SCHEDULE_SETTING_LIMITS.pauseAfterFailures, 'failed runs in a row (0: never pause)'),
  jitterSeconds: wholeNumber('jitterSeconds', SCHEDULE_SETTING_LIMITS.jitterSeconds, 'seconds'),
  startAt: isoDateTime('startAt').nullable(),
  endAt: isoDateTime('endAt').nullable(),
};
const workflowId = z.string({ error: 'workflowId is required: the id of the workflow to run' }).min(1).max(100);

const ALLOWED = ['workflowId', ...Object.keys(fields)];

export const createScheduleBody = z.strictObject({ workflowId, ...partial(fields) });
export const updateScheduleBody = z.strictObject({ workflowId: workflowId.optional(), ...partial(fields) });
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;
export type UpdateScheduleBody = z.infer<typeof updateScheduleBody>;

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}

/** Unknown fields are named with the list of known ones, so a typo is easy to spot. */
export function unknownFieldsMessage(keys: readonly PropertyKey[]): string {
  const named = keys.map((key) => `\`${String(key)}\``).join(', ');
  return `Unknown field${keys.length === 1 ? '' : 's'} ${named}. A schedule takes: ${ALLOWED.join(', ')}`;
}

/** A schedule's settings after defaults, as stored. */
export interface ScheduleSettings extends ScheduleOptions {
  workflowId: string;
  timing: ScheduleTiming;
}

export type SettingsResult = { ok: true; settings: ScheduleSettings; timingChanged: boolean } | { ok: false; message: string };

/** What the operator allows every user's schedules (config `userLimits`). */
export interface ScheduleLimits {
  /** Schedules one user may have; 0: any number (WEFT_SCHEDULES_PER_USER). */
  perUser: number;
  /** Shortest time between two runs (WEFT_SCHEDULE_MIN_INTERVAL_SECONDS). */
  minIntervalSeconds: number;
}

/** The shortest-interval refusal: the field, how often it would run, the limit and its setting. */
function tooOftenMessage(timing: ScheduleTiming, gap: number, limits: ScheduleLimits): string {
  const every = gap === 1 ? 'every second' : `every ${gap} s`;
  const what = timing.kind === 'cron' ? `cron: \`${timing.cron}\` runs ${every} at its most frequent` : `intervalSeconds: ${every}`;
  return `${what}, more often than this Weft allows: at least ${limits.minIntervalSeconds} s between runs (WEFT_SCHEDULE_MIN_INTERVAL_SECONDS)`;
}

/**
 * The timing a body sets: exactly one of cron, intervalSeconds, runAt. `undefined` when the
 * body names none (an update that keeps the timing).
 */
function timingOf(body: UpdateScheduleBody): { ok: true; timing: ScheduleTiming | undefined } | { ok: false; message: string } {
  const given: ScheduleTiming[] = [];
  if (body.cron !== undefined && body.cron !== null) given.push({ kind: 'cron', cron: body.cron.trim() });
  if (body.intervalSeconds !== undefined && body.intervalSeconds !== null) given.push({ kind: 'interval', intervalSeconds: body.intervalSeconds });
  if (body.runAt !== undefined && body.runAt !== null) given.push({ kind: 'once', runAt: new Date(body.runAt).toISOString() });
  if (given.length > 1) return { ok: false, message: 'Give one timing: cron, intervalSeconds or runAt, not several' };
  return { ok: true, timing: given[0] };
}

/**
 * Applies a create (no `current`) or update body over the stored settings and checks the
 * result as a whole: timing, zone, dates, input size. Messages name the field and say why.
 */
export function resolveSettings(body: UpdateScheduleBody, current: ScheduleSettings | undefined, now: Date, limits: ScheduleLimits): SettingsResult {
  const timing = timingOf(body);
  if (!timing.ok) return timing;
  const nextTiming = timing.timing ?? current?.timing;
  if (!nextTiming) return { ok: false, message: 'Give the timing: cron (e.g. "0 9 * * 1-5"), intervalSeconds (e.g. 300) or runAt (an ISO date-time)' };
  const issue = timingIssue(nextTiming);
  // croner's and our messages already name the field ("Cron expression `61 * * * *`: minute must be 0–59").
  if (issue) return { ok: false, message: nextTiming.kind === 'interval' ? `intervalSeconds: ${issue}` : issue };

  const timezone = (body.timezone ?? current?.timezone ?? 'UTC').trim();
  const zoneIssue = timeZoneIssue(timezone);
  if (zoneIssue) return { ok: false, message: zoneIssue };

  const startAt = normalizeDate('startAt', body.startAt !== undefined ? body.startAt : (current?.startAt ?? null));
  if (!startAt.ok) return startAt;
  const endAt = normalizeDate('endAt', body.endAt !== undefined ? body.endAt : (current?.endAt ?? null));
  if (!endAt.ok) return endAt;
  if (startAt.value && endAt.value && Date.parse(endAt.value) <= Date.parse(startAt.value)) return { ok: false, message: 'endAt must be after startAt' };

  const timingChanged = timing.timing !== undefined && JSON.stringify(timing.timing) !== JSON.stringify(current?.timing);
  // Only a new timing is held to the limit: one stored under a looser setting keeps running and can still be renamed.
  if (timingChanged) {
    const gap = shortestGapBelow(nextTiming, timezone, now, limits.minIntervalSeconds);
    if (gap !== undefined) return { ok: false, message: tooOftenMessage(nextTiming, gap, limits) };
  }
  if (nextTiming.kind === 'once' && timingChanged && Date.parse(nextTiming.runAt) <= now.getTime()) {
    return { ok: false, message: `runAt: ${nextTiming.runAt} is in the past; pick a time to come` };
  }

  const inputs = body.inputs ?? current?.inputs ?? {};
  if (Buffer.byteLength(JSON.stringify(inputs)) > MAX_INPUTS_BYTES) return { ok: false, message: `inputs: at most ${MAX_INPUTS_BYTES / 1024} KB of JSON` };

  const workflow = body.workflowId ?? current?.workflowId;
  if (!workflow) return { ok: false, message: 'workflowId is required: the id of the workflow to run' };
  return {
    ok: true,
    timingChanged: timingChanged || body.timezone !== undefined || body.startAt !== undefined || body.endAt !== undefined,
    settings: {
      workflowId: workflow,
      name: nameOf(body.name, current, nextTiming),
      enabled: body.enabled ?? current?.enabled ?? true,
      timing: nextTiming,
      timezone,
      inputs,
      overlapPolicy: body.overlapPolicy ?? current?.overlapPolicy ?? 'skip',
      catchUpPolicy: body.catchUpPolicy ?? current?.catchUpPolicy ?? 'skip',
      catchUpWindowSeconds: body.catchUpWindowSeconds !== undefined ? body.catchUpWindowSeconds : (current?.catchUpWindowSeconds ?? null),
      pauseAfterFailures: body.pauseAfterFailures ?? current?.pauseAfterFailures ?? 0,
      jitterSeconds: body.jitterSeconds ?? current?.jitterSeconds ?? 0,
      startAt: startAt.value,
      endAt: endAt.value,
    },
  };
}

/**
 * Blank (or omitted on create) is "no name": the default name, which says when it runs. An
 * unnamed schedule stays unnamed when its timing changes, so its name follows the timing.
 */
function nameOf(given: string | undefined, current: ScheduleSettings | undefined, timing: ScheduleTiming): string {
  if (given) return given;
  if (given === undefined && current && current.name !== defaultScheduleName(current.timing)) return current.name;
  return defaultScheduleName(timing);
}

/** A date as stored (UTC ISO); a stored one is checked again, since rows written before these checks may hold anything. */
function normalizeDate(field: string, value: string | null): { ok: true; value: string | null } | { ok: false; message: string } {
  if (value === null) return { ok: true, value: null };
  const issue = dateTimeIssue(field, value);
  return issue ? { ok: false, message: issue } : { ok: true, value: new Date(value).toISOString() };
}

/** The body of `POST /api/schedules/:id/pause`: none, or a note saying why. */
export const pauseScheduleBody = z
  .strictObject({
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(SCHEDULE_SETTING_LIMITS.pauseNote, { error: `note must be at most ${SCHEDULE_SETTING_LIMITS.pauseNote} characters` })
      .optional(),
  })
  .optional();

/** The body of `POST /api/schedules/:id/trigger`: none, or the overlap policy for this run. */
export const triggerScheduleBody = z.strictObject({ overlapPolicy: overlapPolicyField().optional() }).optional();

/** The body of `POST /api/schedules/:id/backfill`: a past range and, optionally, its own overlap policy. */
export const backfillScheduleBody = z.strictObject({
  startAt: isoDateTime('startAt'),
  endAt: isoDateTime('endAt'),
  overlapPolicy: overlapPolicyField().optional(),
});
export type BackfillScheduleBody = z.infer<typeof backfillScheduleBody>;
