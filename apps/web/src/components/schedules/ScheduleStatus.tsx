import type { Schedule } from '@weft/core';
import { Link } from 'react-router';
import { RelativeTime } from '../dashboard/RelativeTime';
import { RunStatusBadge } from '../dashboard/RunStatusBadge';
import { Badge } from '../ui/Badge';
import { formatInstant, needsSeconds } from './schedule-text';

/** "Next: Tue 25 Nov, 09:00" (with seconds for a timing that fires within the minute), or why there is none. */
export function NextRun({ schedule }: { schedule: Schedule }) {
  const next = schedule.nextRuns[0];
  // A row stored before the server's checks: `ScheduleProblem` beside it says what to fix.
  if (schedule.problem) return <Badge tone="danger">Cannot run</Badge>;
  if (!schedule.enabled) return <Badge tone="warn">Paused</Badge>;
  if (!next) return <span className="text-subtle">No more runs</span>;
  return (
    <time dateTime={next} className="tabular-nums">
      {formatInstant(next, schedule.timezone, false, needsSeconds(schedule.nextRuns))}
    </time>
  );
}

/** The run the schedule started last, linked to its execution in the editor. */
export function LastRun({ schedule, now }: { schedule: Schedule; now: Date }) {
  const last = schedule.lastRun;
  if (!last) return <span className="text-subtle">Not run yet</span>;
  return (
    <Link
      to={`/workflow/${schedule.workflowId}?execution=${last.executionId}`}
      className="inline-flex items-center gap-2 rounded-sm whitespace-nowrap hover:underline"
      title="Open this run in the editor"
    >
      <RunStatusBadge status={last.status} />
      <span className="text-xs text-subtle">
        <RelativeTime value={last.at} now={now} />
      </span>
    </Link>
  );
}

/**
 * Under a schedule's name: why it cannot run as stored; while paused, why Weft paused it by
 * itself (its runs kept going down with the server, or failed N times in a row) and the
 * note the person who paused it left; nothing when none of these.
 */
export function ScheduleProblem({ schedule }: { schedule: Schedule }) {
  if (schedule.problem) {
    return (
      <p role="alert" className="mt-1 text-xs leading-5 whitespace-normal text-danger">
        {schedule.problem}
      </p>
    );
  }
  if (!schedule.pausedReason && !schedule.pauseNote) return null;
  return (
    <>
      {schedule.pausedReason && (
        <p role="status" className="mt-1 text-xs leading-5 whitespace-normal text-warn">
          {schedule.pausedReason}
        </p>
      )}
      {schedule.pauseNote && (
        <p className="mt-1 text-xs leading-5 whitespace-normal break-words text-muted" data-testid="schedule-pause-note">
          <span className="font-medium text-ink">Paused:</span> {schedule.pauseNote}
        </p>
      )}
    </>
  );
}
