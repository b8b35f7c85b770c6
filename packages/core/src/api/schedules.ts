/**
 * The schedule shapes of the HTTP API (SPEC.md §7, docs/API.md "Schedules"), shared by the
 * server that answers them and the web app that reads them.
 */
import type { CatchUpPolicy, OverlapPolicy } from '../schedule/schedule-timing.js';
import type { ExecutionStatus } from './executions.js';

/** The run a schedule started last. */
export interface ScheduleLastRun {
  executionId: string;
  status: ExecutionStatus;
  /** When the execution was created (ISO, UTC). */
  at: string;
}

/**
 * What a schedule holds besides its workflow and its timing: alike in the API's answer
 * and in the settings the server stores (its `ScheduleSettings`).
 */
export interface ScheduleOptions {
  name: string;
  enabled: boolean;
  /** IANA zone name, e.g. Europe/Berlin. */
  timezone: string;
  /** Run inputs by node id, as `POST /api/workflows/:id/run` takes them. */
  inputs: Record<string, unknown>;
  overlapPolicy: OverlapPolicy;
  catchUpPolicy: CatchUpPolicy;
  /** A tick found later than this (Weft down, the schedule paused) was missed; null: the server's default (WEFT_SCHEDULE_GRACE_SECONDS). */
  catchUpWindowSeconds: number | null;
  /** After this many failed runs in a row the schedule pauses itself; 0: never. */
  pauseAfterFailures: number;
  /** Each run starts up to this many seconds after its time, the same offset on every process. */
  jitterSeconds: number;
  startAt: string | null;
  endAt: string | null;
}

/** A schedule as the API answers it. Exactly one of `cron`, `intervalSeconds`, `runAt` is set. */
export interface Schedule extends ScheduleOptions {
  id: string;
  workflowId: string;
  workflowName: string;
  /** 5 fields (minute first) or 6 (seconds first), read in `timezone`. */
  cron: string | null;
  /** Every this many seconds, counted from `startAt` or the schedule's creation. */
  intervalSeconds: number | null;
  /** A single run at this instant (ISO). */
  runAt: string | null;
  /** The next 5 instants (ISO with the zone's offset); empty while paused or when no more will come. */
  nextRuns: string[];
  lastRun: ScheduleLastRun | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Why the stored schedule cannot run, when it cannot (a row written before today's input
   * checks, say an interval past what a date can hold); `nextRuns` is then empty. Absent when fine.
   */
  problem?: string;
  /**
   * Why Weft paused the schedule by itself, while it is paused: its last runs were going
   * each time the process running them died, so it would take the server down again at
   * its next tick; or its last runs failed `pauseAfterFailures` times in a row. Resuming
   * clears it. Absent otherwise (and when a person paused it).
   */
  pausedReason?: string;
  /** The note a person left when pausing it (`POST …/pause` with `{ "note" }`), while paused. */
  pauseNote?: string;
}

/** The body of `POST /api/schedules`; `PUT` takes the same fields, all optional, but not `workflowId`. */
export interface ScheduleInput {
  workflowId: string;
  name?: string;
  enabled?: boolean;
  cron?: string | null;
  intervalSeconds?: number | null;
  runAt?: string | null;
  timezone?: string;
  inputs?: Record<string, unknown>;
  overlapPolicy?: OverlapPolicy;
  catchUpPolicy?: CatchUpPolicy;
  catchUpWindowSeconds?: number | null;
  pauseAfterFailures?: number;
  jitterSeconds?: number;
  startAt?: string | null;
  endAt?: string | null;
}

/** Where a tick came from: the timing, "trigger now", or a backfill of a past range. */
export const TICK_SOURCES = ['schedule', 'trigger', 'backfill'] as const;
export type TickSource = (typeof TICK_SOURCES)[number];

/** The body of `POST /api/schedules/:id/trigger` (all optional). */
export interface TriggerScheduleInput {
  /** Overlap policy for this run; the schedule's by default. */
  overlapPolicy?: OverlapPolicy;
}

/** The answer of `POST /api/schedules/:id/trigger`: the tick made and the run it started, if it started one. */
export interface TriggerScheduleResult {
  tick: ScheduleTick;
  executionId: string | null;
}

/** The body of `POST /api/schedules/:id/backfill`: every instant of the timing in [startAt, endAt], both past. */
export interface BackfillScheduleInput {
  startAt: string;
  endAt: string;
  overlapPolicy?: OverlapPolicy;
}

/** The answer of `POST /api/schedules/:id/backfill`. */
export interface BackfillScheduleResult {
  /** Instants put in the ledger to run. */
  instants: number;
  /** Instants of the range already in the ledger (they ran or were decided before): not run again. */
  alreadyRan: number;
}

export const TICK_OUTCOMES = ['pending', 'started', 'skipped', 'missed', 'failed', 'waiting'] as const;
export type TickOutcome = (typeof TICK_OUTCOMES)[number];

/** One entry of a schedule's tick ledger (`GET /api/schedules/:id/ticks`), newest first. */
export interface ScheduleTick {
  scheduledFor: string;
  outcome: TickOutcome;
  executionId: string | null;
  /** Why it was skipped, missed or failed ("the previous run was still going", "3 ticks missed …"). */
  reason: string | null;
  createdAt: string;
  source: TickSource;
}

/** The `schedule` field of a `GET /api/workflows` row: null when the workflow has no schedule. */
export interface WorkflowScheduleSummary {
  /** How many schedules the workflow has, and how many of them are enabled. */
  count: number;
  enabled: number;
  /** The soonest next run over its enabled schedules (ISO, UTC), or null. */
  nextRunAt: string | null;
  /** The timing of the schedule that fires next (or of the first one when none will): one of the three is set. */
  cron: string | null;
  intervalSeconds: number | null;
  runAt: string | null;
  timezone: string | null;
}
