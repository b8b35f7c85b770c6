import { nextRuns, type ScheduleWindow, walkInstants } from './next-runs.js';
import type { CatchUpPolicy, OverlapPolicy } from './schedule-timing.js';

/** At most this many due instants are looked at in one go; older ones are counted as one gap. */
export const MAX_INSTANTS_PER_PLAN = 1000;

/** The ticks a schedule missed in one stretch (Weft down, or the schedule paused). */
export interface MissedTicks {
  first: Date;
  last: Date;
  /** How many; `more` says the stretch went on past what was counted. */
  count: number;
  more: boolean;
}

export interface TickPlan {
  /** Instants to start a run for now, oldest first; `catchUp` marks the one run for missed ticks. */
  run: { instant: Date; catchUp: boolean }[];
  missed: MissedTicks | null;
  /** The next instant after `now`, or null when the schedule has no more (a past one-off, an end date). */
  nextFireAt: Date | null;
}

/**
 * What a schedule does when the scheduler looks at it at `now`, its next tick (an instant
 * of the schedule) having been due at `dueAt`. A tick counts as on time while it is at most `graceMs` late; later ones
 * were missed (Weft was down, stalled or the schedule paused) and the catch-up policy
 * decides: `skip` records them, `run_once` runs the latest of them once (only when no tick
 * is on time: an on-time run already brings the workflow up to date). Pure: the caller
 * claims the plan in the database before acting on it.
 */
export function planTicks(window: ScheduleWindow, dueAt: Date, now: Date, graceMs: number, catchUp: CatchUpPolicy): TickPlan {
  // `dueAt` is itself a tick (the stored next run, computed by nextRuns): the walk starts
  // after it, which spares one cron search per plan on the hot path of a burst.
  const seeded = dueAt.getTime() <= now.getTime();
  const walked = seeded
    ? walkInstants(window, dueAt, now, MAX_INSTANTS_PER_PLAN - 1)
    : walkInstants(window, new Date(dueAt.getTime() - 1), now, MAX_INSTANTS_PER_PLAN);
  const due = seeded ? [dueAt, ...walked.found] : walked.found;
  const more = due.length === MAX_INSTANTS_PER_PLAN;
  const onTime = due.filter((instant) => now.getTime() - instant.getTime() <= graceMs);
  const late = due.filter((instant) => now.getTime() - instant.getTime() > graceMs);
  const run = onTime.map((instant) => ({ instant, catchUp: false }));
  let missed = late;
  if (catchUp === 'run_once' && late.length > 0 && onTime.length === 0) {
    const latest = late[late.length - 1] as Date;
    run.push({ instant: latest, catchUp: true });
    missed = late.slice(0, -1);
  }
  const first = missed[0];
  const last = missed[missed.length - 1];
  return {
    run,
    missed: first && last ? { first, last, count: missed.length, more } : null,
    nextFireAt: walked.next === undefined ? (nextRuns(window, now, 1)[0] ?? null) : walked.next,
  };
}

/** What a tick does while the schedule's previous run is still going. */
export type OverlapDecision = 'run' | 'skip' | 'wait';

/**
 * `skip` (default) records the tick as skipped; `allow` runs beside the previous run;
 * `queue` holds one tick until the previous run ends (a second held tick would pile up
 * without bound behind a run that hangs, so it is skipped).
 */
export function decideOverlap(policy: OverlapPolicy, previousRunning: boolean, tickAlreadyWaiting: boolean): OverlapDecision {
  if (policy === 'allow') return 'run';
  if (policy === 'queue') {
    if (tickAlreadyWaiting) return 'skip';
    return previousRunning ? 'wait' : 'run';
  }
  return previousRunning ? 'skip' : 'run';
}
