import type { WorkflowScheduleSummary } from '@weft/core';
import { formatRelativeTime } from '../../lib/relative-time';
import { describeTiming, formatInstant } from '../schedules/schedule-text';
import type { BadgeTone } from '../ui/Badge';

/** One row of GET /api/workflows (docs/API.md). */
export interface WorkflowSummary {
  id: string;
  name: string;
  version: number;
  nodeCount: number;
  lastRunStatus: string | null;
  lastRunAt: string | null;
  /** null when the workflow has no schedule. */
  schedule: WorkflowScheduleSummary | null;
  createdAt: string;
  updatedAt: string;
}

const statusLooks: Record<string, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Succeeded', tone: 'ok' },
  success: { label: 'Succeeded', tone: 'ok' },
  completed: { label: 'Succeeded', tone: 'ok' },
  failed: { label: 'Failed', tone: 'danger' },
  error: { label: 'Failed', tone: 'danger' },
  running: { label: 'Running', tone: 'info' },
  queued: { label: 'Queued', tone: 'neutral' },
  pending: { label: 'Queued', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'warn' },
  canceled: { label: 'Cancelled', tone: 'warn' },
};

/** Badge text and colour for a run status; null means the workflow never ran. */
export function runStatusLook(status: string | null): { label: string; tone: BadgeTone } {
  if (!status) return { label: 'Never run', tone: 'neutral' };
  const known = statusLooks[status.toLowerCase()];
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
