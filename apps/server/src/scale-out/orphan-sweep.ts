import { isActiveStatus, type RunEvent } from '@weft/core';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { ExecutionStatus } from '../runs/execution-types.js';
import type { ExecutionsRepository } from '../runs/executions.repository.js';
import { RunRecorder } from '../runs/run-recorder.js';
import type { RedisRunEvents } from './redis-run-events.js';
import type { RunJobQueue } from './run-job-queue.js';

export interface OrphanSweepOptions {
  repository: ExecutionsRepository;
  events: RedisRunEvents;
  queue: RunJobQueue;
  clock: Clock;
  logger: Logger;
  /** A running execution whose heartbeat is older than this has lost its worker (3 heartbeats). */
  staleAfterMs: number;
}

/**
 * Scale-out's "nothing stays running" (DESIGN.md): many processes run at once, so a start
 * cannot fail every running row as embedded mode does. Instead every process, at start and
 * after each heartbeat, ends the executions whose worker stopped heartbeating, and the
 * queued ones whose job left the queue without a worker taking them. Each end is a
 * conditional UPDATE on the row as it was seen, so of several sweepers one wins and it
 * alone tells the watchers.
 */
export class OrphanSweep {
  /** Runs this process executes now: never judged lost here, whatever their row says. */
  runningHere: () => readonly string[] = () => [];
  /** Told the schedules whose runs a dead worker took down (schedules/crash-pauses.ts, set in composition.ts). */
  onOrphaned: (scheduleIds: readonly string[]) => Promise<unknown> = async () => undefined;

  constructor(private readonly options: OrphanSweepOptions) {}

  /** Ends what lost its worker; returns how many. */
  async sweep(): Promise<number> {
    const { repository, queue, clock, logger, staleAfterMs } = this.options;
    const cutoff = new Date(clock.now().getTime() - staleAfterMs).toISOString();
    let ended = 0;
    const mine = new Set(this.runningHere());
    const schedules: string[] = [];
    // Staleness by the database's clock (the heartbeats are stamped with it).
    for (const row of await repository.staleRunning(staleAfterMs)) {
      if (mine.has(row.id)) continue;
      const reason = `The worker running this execution stopped responding (last heartbeat ${row.heartbeat_at ?? 'never'}).`;
      if (!(await this.end(row.id, { status: 'running', heartbeatAt: row.heartbeat_at }, 'error', reason, row.started_at, true))) continue;
      ended += 1;
      if (row.schedule_id) schedules.push(row.schedule_id);
    }
    // A worker that died under a schedule's runs, again and again, pauses the schedule.
    if (schedules.length > 0) await this.onOrphaned(schedules);
    for (const row of await repository.queuedBefore(cutoff)) {
      // Waiting its turn behind busy workers is fine; a job that is gone will never run.
      const standing = await queue.jobStanding(row.id);
      if (standing.state === 'pending') continue;
      const reason = queuedOrphanReason(standing);
      if (await this.end(row.id, { status: 'queued', heartbeatAt: row.heartbeat_at }, 'error', reason, null)) ended += 1;
    }
    if (ended > 0) logger.warn({ count: ended }, 'Executions whose worker went away were marked failed');
    return ended;
  }

  /**
   * Ends an execution no live process will finish, keeping what its worker had published:
   * the node results so far, and the events with a closing one, so the history and a replay
   * show how far it got. Nodes left running are marked failed with the reason. False when
   * the row was no longer as seen (ended by someone else, or its worker is alive after all).
   */
  async end(
    executionId: string,
    seen: { status: ExecutionStatus; heartbeatAt?: string | null },
    status: 'error' | 'cancelled',
    reason: string,
    startedAt: string | null,
    /** Its worker died while it ran (counted by schedules' crash pauses); not for a cancel. */
    orphaned = false,
  ): Promise<boolean> {
    const { repository, events, clock } = this.options;
    const published = await events.events(executionId);
    const now = clock.now();
    const finishedAt = now.toISOString();
    const closing: RunEvent = { type: 'run:finished', runId: executionId, at: now.getTime(), status, error: reason, outputs: {} };
    // The events are stored forms already (masked, cut): no masker needed to fold them.
    const recorder = new RunRecorder(null);
    for (const event of published) recorder.record(event);
    recorder.record(closing);
    for (const node of Object.values(recorder.nodes)) {
      if (!isActiveStatus(node.status)) continue;
      node.status = 'error';
      node.error = reason;
      node.finishedAt = finishedAt;
    }
    const written = await repository.endAbandoned(
      executionId,
      seen,
      {
        status,
        error: reason,
        startedAt,
        finishedAt,
        durationMs: startedAt ? Math.max(0, now.getTime() - Date.parse(startedAt)) : null,
        ...recorder.columns(status),
      },
      orphaned,
    );
    if (written) await events.appendClosing(executionId, closing);
    return written;
  }
}

/**
 * Why a queued execution will never run, as far as the queue can tell. A job that is not
 * there at all was either never added (the server that accepted the run stopped between
 * storing it and queueing it) or lost with Redis' data; the queue cannot tell these apart,
 * so the message names both rather than blaming one.
 */
export function queuedOrphanReason(standing: { state: 'failed'; reason: string } | { state: 'missing' }): string {
  if (standing.state === 'failed') return `No worker ran this execution: its job failed in the queue (${standing.reason}). Run the workflow again.`;
  return 'No worker took this execution: its job is not in the Redis queue. The server that accepted the run may have stopped before queueing it, or Redis lost its data. Run the workflow again.';
}
