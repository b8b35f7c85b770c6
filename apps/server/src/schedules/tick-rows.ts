import { isoInZone, jitterOffsetMs, type MissedTicks, type OverlapPolicy, overlapPolicyOf, type TickSource } from '@weft/core';
import type { Insertable } from 'kysely';
import type { ScheduleRow, ScheduleTickRow, ScheduleTicksTable } from '../db/schema.js';
import { newId } from '../platform/tokens.js';

/** The ledger rows the scheduler writes, the ticks it starts from them, and the reasons it gives. */

/** A claimed tick ready to act on. */
export interface ClaimedTick {
  schedule: ScheduleRow;
  tickId: string;
  instant: string;
  source: TickSource;
  /** The tick's own overlap policy (a backfill's or trigger's), else the schedule's. */
  policy: OverlapPolicy;
  /** When it was due (its instant plus its jitter), for the lateness metric. */
  dueMs: number;
}

/** Why a schedule paused itself after failed runs (shown under its name; resuming clears it). */
export function failurePauseReason(failures: number, lastError: string | null): string {
  const last = lastError ? ` The last one: ${lastError.length > 200 ? `${lastError.slice(0, 200)}…` : lastError}` : '';
  return `Paused after ${failures} failed runs in a row (pause after failures: ${failures}).${last} Fix the workflow, then resume the schedule.`;
}

/** "3 ticks missed from … to …": the ledger's reason for a gap. */
export function missedReason(gap: MissedTicks, timezone: string, catchUpRan: boolean): string {
  const count = gap.more ? `More than ${gap.count}` : String(gap.count);
  const span = gap.count === 1 ? `at ${isoInZone(gap.first, timezone)}` : `from ${isoInZone(gap.first, timezone)} to ${isoInZone(gap.last, timezone)}`;
  const why = 'Weft was not running or the schedule was paused';
  return `${count} tick${gap.count === 1 && !gap.more ? '' : 's'} missed ${span} (${why})${catchUpRan ? '; the latest ran once (catch-up: run once)' : ''}`;
}

/** A ledger row to insert. */
export function tickRow(
  scheduleId: string,
  instant: string,
  outcome: ScheduleTickRow['outcome'],
  createdAt: string,
  reason: string | null,
  source: TickSource = 'schedule',
  overlapPolicy: OverlapPolicy | null = null,
): Insertable<ScheduleTicksTable> & { id: string; scheduled_for: string; source: TickSource; overlap_policy: string | null } {
  return {
    id: newId(),
    schedule_id: scheduleId,
    scheduled_for: instant,
    outcome,
    execution_id: null,
    reason,
    created_at: createdAt,
    source,
    overlap_policy: overlapPolicy,
  };
}

/** A ledger row as a tick to start: its policy (its own or the schedule's) and when it was due. */
export function claimedTick(
  schedule: ScheduleRow,
  row: Pick<ScheduleTickRow, 'id' | 'scheduled_for'> & { source?: string | undefined; overlap_policy?: string | null | undefined },
): ClaimedTick {
  const instant = Date.parse(row.scheduled_for);
  const source = (row.source as TickSource) ?? 'schedule';
  return {
    schedule,
    tickId: row.id,
    instant: row.scheduled_for,
    source,
    policy: overlapPolicyOf(row.overlap_policy ?? schedule.overlap_policy),
    dueMs: source === 'schedule' ? instant + jitterOffsetMs(schedule.id, new Date(instant), schedule.jitter_seconds) : instant,
  };
}

/** The stored next time of a schedule whose next instant is `next`: the instant plus its jitter. */
export function nextFire(schedule: Pick<ScheduleRow, 'id' | 'jitter_seconds'>, next: Date | null): { to: string | null; jitterMs: number } {
  if (!next) return { to: null, jitterMs: 0 };
  const jitterMs = jitterOffsetMs(schedule.id, next, schedule.jitter_seconds);
  return { to: new Date(next.getTime() + jitterMs).toISOString(), jitterMs };
}

/** Why a tick was skipped, in the ledger's words. */
export function overlapReason(policy: OverlapPolicy, previous: string | undefined): string {
  if (policy === 'buffer_one' && previous) return `The previous run (${previous}) was still going and a tick already waits for it (overlap: buffer_one)`;
  if (policy === 'buffer_one') return 'A tick already waits its turn (overlap: buffer_one)';
  if (policy === 'buffer_all') return 'Too many ticks already wait their turn (overlap: buffer_all)';
  if (previous) return `The previous run (${previous}) was still going (overlap: skip)`;
  return 'An earlier tick of this schedule was still starting or waiting (overlap: skip)';
}
