import { nextRuns, type ScheduleWindow, walkInstants } from './next-runs.js';
import { type CatchUpPolicy, type OverlapPolicy, SCHEDULE_SETTING_LIMITS } from './schedule-timing.js';

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

/** What a tick does given the runs and ticks of its schedule: cancel means cancel the running ones, then run. */
export type OverlapDecision = 'run' | 'skip' | 'wait' | 'cancel_then_run';

/** What a tick sees of its schedule when it is decided (read from the database, so the same for every process). */
export interface OverlapState {
  /** A run of the schedule is queued or running. */
  running: boolean;
  /** Earlier ticks of the schedule claimed and not yet started or settled (another process is starting them). */
  earlierPending: number;
  /** Earlier ticks waiting their turn. */
  earlierWaiting: number;
}

/**
 * Temporal's overlap policies, decided from the schedule's state in the database. An earlier
 * tick still pending counts as running (it is being started), and an earlier waiting one
 * goes first, so later ticks never overtake it (`buffer_*` keep order across processes).
 * - `skip` (default): skipped while anything of the schedule runs or waits.
 * - `buffer_one`: waits for the running one; if a tick already waits, skipped.
 * - `buffer_all`: waits in order, up to `SCHEDULE_SETTING_LIMITS.bufferedTicks`.
 * - `cancel_other`: the running ones are cancelled, then it runs.
 * - `allow_all`: runs beside them.
 */
export function decideOverlap(policy: OverlapPolicy, state: OverlapState): OverlapDecision {
  const busy = state.running || state.earlierPending > 0 || state.earlierWaiting > 0;
  switch (policy) {
    case 'allow_all':
      return 'run';
    case 'cancel_other':
      return state.running ? 'cancel_then_run' : 'run';
    case 'buffer_one':
      if (state.earlierWaiting > 0) return 'skip';
      return busy ? 'wait' : 'run';
    case 'buffer_all':
      if (state.earlierWaiting >= SCHEDULE_SETTING_LIMITS.bufferedTicks) return 'skip';
      return busy ? 'wait' : 'run';
    default:
      return busy ? 'skip' : 'run';
  }
}

/**
 * How long after its instant a tick starts when the schedule has jitter: spread over
 * [0, jitter) by a hash of the schedule and the instant, so every process computes the same
 * offset (the claim compares the stored time) and runs of many schedules at one instant
 * do not start together.
 */
export function jitterOffsetMs(scheduleId: string, instant: Date, jitterSeconds: number): number {
  if (!(jitterSeconds > 0)) return 0;
  // FNV-1a over the id and the instant: pure, deterministic, evenly spread enough for load.
  let hash = 0x811c9dc5;
  const text = `${scheduleId}@${instant.getTime()}`;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % (jitterSeconds * 1000);
}
