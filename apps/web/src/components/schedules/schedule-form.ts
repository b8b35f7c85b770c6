import {
  type CatchUpPolicy,
  cronIssue,
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
import { INTERVAL_UNITS, type IntervalUnit, intervalParts, isoToWallTime, wallTimeToIso } from './schedule-text';

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
  /** Answers for the Text Inputs that ask on run, by node id. */
  inputs: Record<string, string>;
}

export type DraftField = 'name' | 'cron' | 'interval' | 'runAt' | 'timezone';

export function newDraft(timezone: string): ScheduleDraft {
  return {
    name: '',
    kind: 'cron',
    cron: '0 9 * * 1-5',
    intervalValue: '1',
    intervalUnit: 'hours',
    runAt: '',
    timezone,
    overlapPolicy: 'skip',
    catchUpPolicy: 'skip',
    inputs: {},
  };
}

export function draftFrom(schedule: Schedule): ScheduleDraft {
  const interval = schedule.intervalSeconds ? intervalParts(schedule.intervalSeconds) : { value: 1, unit: 'hours' as const };
  const inputs: Record<string, string> = {};
  for (const [nodeId, value] of Object.entries(schedule.inputs)) inputs[nodeId] = typeof value === 'string' ? value : JSON.stringify(value);
  return {
    name: schedule.name,
    kind: timingFromFields(schedule)?.kind ?? 'once',
    cron: schedule.cron ?? '0 9 * * 1-5',
    intervalValue: String(interval.value),
    intervalUnit: interval.unit,
    runAt: schedule.runAt ? isoToWallTime(schedule.runAt, schedule.timezone) : '',
    timezone: schedule.timezone,
    overlapPolicy: schedule.overlapPolicy,
    catchUpPolicy: schedule.catchUpPolicy,
    inputs,
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

/** What is wrong with the draft, by field: the same checks the server makes (core's). */
export function draftIssues(draft: ScheduleDraft, now: Date): Partial<Record<DraftField, string>> {
  const issues: Partial<Record<DraftField, string>> = {};
  if (draft.name.length > 200) issues.name = 'Keep the name under 200 characters';
  const zone = timeZoneIssue(draft.timezone);
  if (zone) issues.timezone = zone;
  const timing = zone ? undefined : timingOf(draft, now);
  if (timing && 'issue' in timing) issues[timing.field] = timing.issue;
  return issues;
}

/** The API body for the draft (every timing field set, so a PUT replaces the old kind). */
export function draftToInput(draft: ScheduleDraft, now: Date): Omit<ScheduleInput, 'workflowId'> {
  const result = timingOf(draft, now);
  if (!('timing' in result)) throw new Error(result.issue);
  const { timing } = result;
  return {
    name: draft.name.trim(),
    ...timingFields(timing),
    timezone: draft.timezone,
    overlapPolicy: draft.overlapPolicy,
    catchUpPolicy: draft.catchUpPolicy,
    inputs: { ...draft.inputs },
  };
}

/** The next runs the draft would make (ISO), for the form to show while typing; empty when invalid. */
export function previewRuns(draft: ScheduleDraft, now: Date, count = 5): string[] {
  if (Object.keys(draftIssues(draft, now)).length > 0) return [];
  const result = timingOf(draft, now);
  if (!('timing' in result)) return [];
  return nextRuns({ timing: result.timing, timezone: draft.timezone, anchor: now.toISOString() }, now, count).map((d) => d.toISOString());
}
