import type { BadgeTone } from '../ui/Badge';

/** One row of GET /api/workflows (docs/API.md). */
export interface WorkflowSummary {
  id: string;
  name: string;
  version: number;
  nodeCount: number;
  lastRunStatus: string | null;
  lastRunAt: string | null;
  /** null when not scheduled; the shape of a schedule is read defensively. */
  schedule: unknown;
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
  active: boolean;
}

/** How the schedule column reads: "Not scheduled", or the cron expression, zone and state. */
export function scheduleLook(schedule: unknown): ScheduleLook {
  if (schedule === null || schedule === undefined || schedule === false) return { label: 'Not scheduled', active: false };
  if (typeof schedule === 'string') return { label: schedule, active: true };
  if (typeof schedule !== 'object') return { label: 'Scheduled', active: true };
  const s = schedule as Record<string, unknown>;
  const cron = [s.cron, s.cronExpression, s.expression].find((v): v is string => typeof v === 'string' && v.length > 0);
  const zone = [s.timezone, s.timeZone].find((v): v is string => typeof v === 'string' && v.length > 0);
  const paused = s.enabled === false;
  const detail = [zone, paused ? 'Paused' : undefined].filter(Boolean).join(' · ') || undefined;
  return { label: cron ?? 'Scheduled', detail, active: !paused };
}

export function nodeCountLabel(count: number): string {
  return count === 1 ? '1 node' : `${count} nodes`;
}
