import { type BackfillScheduleInput, instantsBetween, type OverlapPolicy, SCHEDULE_SETTING_LIMITS, type Schedule, timingFromFields } from '@weft/core';
import { isoToWallTime, wallTimeToIso } from './schedule-text';

/** What the backfill dialog edits: the range as `datetime-local` values in the schedule's zone. */
export interface BackfillDraft {
  from: string;
  to: string;
  overlapPolicy: OverlapPolicy;
}

export type BackfillField = 'from' | 'to';

/** One backfill runs at most this many times (the server refuses more). */
export const BACKFILL_LIMIT = SCHEDULE_SETTING_LIMITS.backfillInstants;

/**
 * The last hour up to the current minute, in the schedule's zone, each run after the
 * previous one (the server's default for a backfill, `buffer_all`): past runs one by one,
 * in order.
 */
export function newBackfillDraft(schedule: Pick<Schedule, 'timezone'>, now: Date): BackfillDraft {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return {
    from: isoToWallTime(new Date(minute - 3_600_000).toISOString(), schedule.timezone),
    to: isoToWallTime(new Date(minute).toISOString(), schedule.timezone),
    overlapPolicy: 'buffer_all',
  };
}

export type BackfillCheck =
  /** `exact` false: an interval, counted from its creation (the server counts from its last timing change), so about. */
  { ok: true; input: BackfillScheduleInput; count: number; exact: boolean } | { ok: false; issues: Partial<Record<BackfillField, string>> };

/**
 * The range read in the schedule's zone, with the server's checks (both ends past, the end
 * not before the start, at least one and at most {@link BACKFILL_LIMIT} run times in it),
 * and how many run times it holds, counted by the same core function the server uses.
 */
export function checkBackfill(schedule: Schedule, draft: BackfillDraft, now: Date): BackfillCheck {
  const startAt = draft.from ? wallTimeToIso(draft.from, schedule.timezone) : null;
  const endAt = draft.to ? wallTimeToIso(draft.to, schedule.timezone) : null;
  const issues: Partial<Record<BackfillField, string>> = {};
  if (!startAt) issues.from = 'Pick the date and time the range starts';
  if (!endAt) issues.to = 'Pick the date and time the range ends';
  else if (Date.parse(endAt) > now.getTime()) issues.to = 'The end must be in the past: a backfill runs the times of a range that is over';
  else if (startAt && Date.parse(endAt) < Date.parse(startAt)) issues.to = 'The end must not be before the start';
  if (!startAt || !endAt || Object.keys(issues).length > 0) return { ok: false, issues };

  const timing = timingFromFields(schedule);
  if (!timing) return { ok: false, issues: { from: 'This schedule has no timing to backfill' } };
  // As the server counts: the timing and zone, not the schedule's own start and end dates.
  const window = { timing, timezone: schedule.timezone, anchor: schedule.startAt ?? schedule.createdAt };
  const count = instantsBetween(window, new Date(Date.parse(startAt) - 1), new Date(endAt), BACKFILL_LIMIT + 1).length;
  const exact = timing.kind !== 'interval';
  // An interval's count is near but not sure: the server decides at the edges.
  if (exact && count > BACKFILL_LIMIT)
    return { ok: false, issues: { to: `This range holds more than ${BACKFILL_LIMIT} runs of the schedule; choose a shorter range` } };
  if (exact && count === 0) return { ok: false, issues: { to: 'The schedule has no run time in this range' } };
  return { ok: true, input: { startAt, endAt, overlapPolicy: draft.overlapPolicy }, count, exact };
}
