import type { ExecutionStatus, WorkflowScheduleSummary } from '@weft/core';
import { formatRelativeTime } from '../../lib/relative-time';
import { describeTiming, formatInstant } from '../schedules/schedule-text';
import type { BadgeTone } from '../ui/Badge';

export type { WorkflowSummary } from '@weft/core';

/** The statuses the server sends (core EXECUTION_STATUSES); anything else reads as itself. */
const statusLooks: Record<ExecutionStatus, { label: string; tone: BadgeTone }> = {
  success: { label: 'Succeeded', tone: 'ok' },
  error: { label: 'Failed', tone: 'danger' },
  running: { label: 'Running', tone: 'info' },
  queued: { label: 'Queued', tone: 'neutral' },
  waiting: { label: 'Waiting for approval', tone: 'warn' },
  cancelled: { label: 'Cancelled', tone: 'warn' },
};

/** Badge text and colour for a run status; null means the workflow never ran. */
export function runStatusLook(status: string | null): { label: string; tone: BadgeTone } {
  if (!status) return { label: 'Never run', tone: 'neutral' };
  const known = Object.hasOwn(statusLooks, status) ? statusLooks[status as ExecutionStatus] : undefined;
  if (known) return known;
  return { label: status.charAt(0).toUpperCase() + status.slice(1), tone: 'neutral' };
}

export interface ScheduleLook {
  label: string;
  detail?: string;
  /** The next run's date and time in the schedule's zone, for the tooltip. */
  nextExact?: string;
  active: boolean;
  paused?: boolean;
}

/**
 * How the schedule column reads: "Not scheduled", or when it runs, the next run from
 * `now` ("Next in 3 hours", the exact time in the tooltip), paused, and how many schedules.
 */
export function scheduleLook(schedule: WorkflowScheduleSummary | null, now: Date = new Date()): ScheduleLook {
  if (!schedule || schedule.count === 0) return { label: 'Not scheduled', active: false };
  const timezone = schedule.timezone ?? 'UTC';
  const label = describeTiming({ cron: schedule.cron, intervalSeconds: schedule.intervalSeconds, runAt: schedule.runAt, timezone });
  const more = schedule.count > 1 ? `${schedule.count} schedules` : undefined;
  if (schedule.enabled === 0)
    return { label, detail: [schedule.count > 1 ? 'All paused' : 'Paused', more].filter(Boolean).join(' · '), active: false, paused: true };
  if (!schedule.nextRunAt) return { label, detail: ['No more runs', more].filter(Boolean).join(' · '), active: true };
  const next = `Next ${formatRelativeTime(schedule.nextRunAt, now)}`;
  return { label, detail: [next, more].filter(Boolean).join(' · '), nextExact: formatInstant(schedule.nextRunAt, timezone), active: true };
}

export function nodeCountLabel(count: number): string {
  return count === 1 ? '1 node' : `${count} nodes`;
}
