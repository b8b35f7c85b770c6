import {
  type CatchUpPolicy,
  cronIssue,
  SCHEDULE_SETTING_LIMITS as LIMITS,
  nextRuns,
  type OverlapPolicy,
  type Schedule,
  type ScheduleInput,
  type ScheduleKind,
  type ScheduleTiming,
  timeZoneIssue,
  timingFields,
  timingFromFields,
  timingIssue,
} from '@weft/core';
import { INTERVAL_UNITS, type IntervalUnit, intervalParts, isoToWallTime, ownName, wallTimeToIso } from './schedule-text';

/** What the schedule form edits: text as typed, turned into an API body only when valid. */
export interface ScheduleDraft {
  name: string;
  kind: ScheduleKind;
  cron: string;
  intervalValue: string;
  intervalUnit: IntervalUnit;
  /** `datetime-local` value, read in `timezone`. */
  runAt: string;
  timezone: string;
  overlapPolicy: OverlapPolicy;
  catchUpPolicy: CatchUpPolicy;
  /** `default`: the server's own window (WEFT_SCHEDULE_GRACE_SECONDS); `custom`: value × unit. */
  catchUpWindowMode: 'default' | 'custom';
  catchUpWindowValue: string;
  catchUpWindowUnit: IntervalUnit;
  /** Failed runs in a row after which the schedule pauses itself; "0" never. */
  pauseAfterFailures: string;
  jitterSeconds: string;
  /** Answers for the Text Inputs that ask on run, by node id. */
  inputs: Record<string, string>;
}

export type DraftField = 'name' | 'cron' | 'interval' | 'runAt' | 'timezone' | PolicyField;

/** The fields of the form's "When runs collide or are missed" section. */
export type PolicyField = 'catchUpWindow' | 'pauseAfterFailures' | 'jitter';
export const POLICY_FIELDS: readonly PolicyField[] = ['catchUpWindow', 'pauseAfterFailures', 'jitter'];

/** The policies a new schedule starts with (the server's defaults). */
const DEFAULT_POLICIES = {
  overlapPolicy: 'skip',
  catchUpPolicy: 'skip',
  catchUpWindowMode: 'default',
  catchUpWindowValue: '1',
  catchUpWindowUnit: 'hours',
  pauseAfterFailures: '0',
  jitterSeconds: '0',
} as const satisfies Partial<ScheduleDraft>;

export function newDraft(timezone: string): ScheduleDraft {
  return {
    name: '',
    kind: 'cron',
    cron: '0 9 * * 1-5',
    intervalValue: '1',
    intervalUnit: 'hours',
    runAt: '',
    timezone,
    ...DEFAULT_POLICIES,
    inputs: {},
  };
}

/** Whether the draft sets any policy other than the defaults: the form then opens with them shown. */
export function hasCustomPolicies(draft: ScheduleDraft): boolean {
  return (
    draft.overlapPolicy !== DEFAULT_POLICIES.overlapPolicy ||
    draft.catchUpPolicy !== DEFAULT_POLICIES.catchUpPolicy ||
    draft.catchUpWindowMode !== DEFAULT_POLICIES.catchUpWindowMode ||
    Number(draft.pauseAfterFailures) !== 0 ||
    Number(draft.jitterSeconds) !== 0
  );
}

export function draftFrom(schedule: Schedule): ScheduleDraft {
  const interval = schedule.intervalSeconds ? intervalParts(schedule.intervalSeconds) : { value: 1, unit: 'hours' as const };
  const inputs: Record<string, string> = {};
  for (const [nodeId, value] of Object.entries(schedule.inputs)) inputs[nodeId] = typeof value === 'string' ? value : JSON.stringify(value);
  return {
    // An unnamed schedule's default name is the server's, not the user's: the field stays empty.
    name: ownName(schedule),
    kind: timingFromFields(schedule)?.kind ?? 'once',
    cron: schedule.cron ?? '0 9 * * 1-5',
    intervalValue: String(interval.value),
    intervalUnit: interval.unit,
    runAt: schedule.runAt ? isoToWallTime(schedule.runAt, schedule.timezone) : '',
    timezone: schedule.timezone,
    overlapPolicy: schedule.overlapPolicy,
    catchUpPolicy: schedule.catchUpPolicy,
    ...windowFields(schedule.catchUpWindowSeconds),
    pauseAfterFailures: String(schedule.pauseAfterFailures ?? 0),
    jitterSeconds: String(schedule.jitterSeconds ?? 0),
    inputs,
  };
}

function windowFields(seconds: number | null | undefined): Pick<ScheduleDraft, 'catchUpWindowMode' | 'catchUpWindowValue' | 'catchUpWindowUnit'> {
  if (seconds == null)
    return { catchUpWindowMode: 'default', catchUpWindowValue: DEFAULT_POLICIES.catchUpWindowValue, catchUpWindowUnit: DEFAULT_POLICIES.catchUpWindowUnit };
  const { value, unit } = seconds === 0 ? { value: 0, unit: 'seconds' as const } : intervalParts(seconds);
  return { catchUpWindowMode: 'custom', catchUpWindowValue: String(value), catchUpWindowUnit: unit };
}

/**
 * A whole number from 0 to `max` typed into a field, or the server's refusal of it in the
 * form's words: the field as labelled instead of its API name, the same range and unit.
 */
function wholeNumber(text: string, max: number, label: string, unit: string): { value: number } | { issue: string } {
  const value = Number(text.trim());
  if (text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= max) return { value };
  return { issue: `${label} must be a whole number from 0 to ${max.toLocaleString('en-US')} (${unit})` };
}

/** The settings beside the timing, and what is wrong with them by field. */
function policiesOf(draft: ScheduleDraft): {
  issues: Partial<Record<PolicyField, string>>;
  values: Pick<ScheduleInput, 'catchUpWindowSeconds' | 'pauseAfterFailures' | 'jitterSeconds'>;
} {
  const unit = INTERVAL_UNITS.find((u) => u.unit === draft.catchUpWindowUnit) ?? INTERVAL_UNITS[0];
  const window =
    draft.catchUpWindowMode === 'default'
      ? { value: null }
      : wholeNumber(draft.catchUpWindowValue, LIMITS.catchUpWindowSeconds / unit.seconds, 'Catch-up window', `${unit.unit}, a year at most`);
  const pause = wholeNumber(draft.pauseAfterFailures, LIMITS.pauseAfterFailures, 'Pause after', 'failed runs in a row; 0: never pause');
  const jitter = wholeNumber(draft.jitterSeconds, LIMITS.jitterSeconds, 'Jitter', 'seconds');
  const issues: Partial<Record<PolicyField, string>> = {};
  if ('issue' in window) issues.catchUpWindow = window.issue;
  if ('issue' in pause) issues.pauseAfterFailures = pause.issue;
  if ('issue' in jitter) issues.jitter = jitter.issue;
  return {
    issues,
    values: {
      catchUpWindowSeconds: 'value' in window && window.value !== null ? window.value * unit.seconds : null,
      pauseAfterFailures: 'value' in pause ? pause.value : 0,
      jitterSeconds: 'value' in jitter ? jitter.value : 0,
    },
  };
}

/** The draft's timing, or a message saying what is wrong with it. */
function timingOf(draft: ScheduleDraft, now: Date): { timing: ScheduleTiming } | { field: DraftField; issue: string } {
  switch (draft.kind) {
    case 'cron': {
      if (!draft.cron.trim()) return { field: 'cron', issue: 'Enter a cron expression or pick a preset' };
      const issue = cronIssue(draft.cron);
      return issue ? { field: 'cron', issue } : { timing: { kind: 'cron', cron: draft.cron.trim() } };
    }
    case 'interval': {
      const value = Number(draft.intervalValue);
      if (!Number.isInteger(value) || value < 1) return { field: 'interval', issue: 'Enter a whole number, at least 1' };
      const unit = INTERVAL_UNITS.find((u) => u.unit === draft.intervalUnit)?.seconds ?? 1;
      const timing: ScheduleTiming = { kind: 'interval', intervalSeconds: value * unit };
      const issue = timingIssue(timing);
      return issue ? { field: 'interval', issue } : { timing };
    }
    case 'once': {
      if (!draft.runAt) return { field: 'runAt', issue: 'Pick the date and time to run' };
      const runAt = wallTimeToIso(draft.runAt, draft.timezone);
      if (!runAt) return { field: 'runAt', issue: 'Pick the date and time to run' };
      if (Date.parse(runAt) <= now.getTime()) return { field: 'runAt', issue: 'This time has passed: pick one in the future' };
      return { timing: { kind: 'once', runAt } };
    }
  }
}

/** What is wrong with the zone or the timing, by field: the same checks the server makes (core's). */
export function timingIssues(draft: ScheduleDraft, now: Date): Partial<Record<DraftField, string>> {
  const zone = timeZoneIssue(draft.timezone);
  if (zone) return { timezone: zone };
  const timing = timingOf(draft, now);
  return 'issue' in timing ? { [timing.field]: timing.issue } : {};
}

/** What is wrong with the draft, by field: the same checks and limits the server has (core's). */
export function draftIssues(draft: ScheduleDraft, now: Date): Partial<Record<DraftField, string>> {
  return {
    ...(draft.name.length > 200 ? { name: 'Keep the name under 200 characters' } : {}),
    ...timingIssues(draft, now),
    ...policiesOf(draft).issues,
  };
}

/** The API body for the draft (every timing field set, so a PUT replaces the old kind). */
export function draftToInput(draft: ScheduleDraft, now: Date): Omit<ScheduleInput, 'workflowId'> {
  const result = timingOf(draft, now);
  if (!('timing' in result)) throw new Error(result.issue);
  const { timing } = result;
  const policies = policiesOf(draft);
  const issue = Object.values(policies.issues)[0];
  if (issue) throw new Error(issue);
  return {
    name: draft.name.trim(),
    ...timingFields(timing),
    timezone: draft.timezone,
    overlapPolicy: draft.overlapPolicy,
    catchUpPolicy: draft.catchUpPolicy,
    ...policies.values,
    inputs: { ...draft.inputs },
  };
}

/** The next runs the draft would make (ISO), for the form to show while typing; empty when invalid. */
export function previewRuns(draft: ScheduleDraft, now: Date, count = 5): string[] {
  if (timeZoneIssue(draft.timezone)) return [];
  const result = timingOf(draft, now);
  if (!('timing' in result)) return [];
  return nextRuns({ timing: result.timing, timezone: draft.timezone, anchor: now.toISOString() }, now, count).map((d) => d.toISOString());
}
