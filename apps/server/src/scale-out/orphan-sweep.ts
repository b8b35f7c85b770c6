import { isActiveStatus, type RunEvent } from '@weft/core';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import type { ExecutionStatus } from '../runs/execution-types.js';
import type { ExecutionsRepository } from '../runs/executions.repository.js';
import type { RunJob } from '../runs/run-job.js';
import { RunRecorder } from '../runs/run-recorder.js';
import type { FairShareCounts } from './fair-share-counts.js';
import type { RedisRunEvents } from './redis-run-events.js';
import type { RunJobQueue } from './run-job-queue.js';

export interface OrphanSweepOptions {
  repository: ExecutionsRepository;
  events: RedisRunEvents;
  queue: RunJobQueue;
  /** A job queued again is counted in for its user's fair share (the worker counts it out). */
  fairShare: FairShareCounts;
  clock: Clock;
  logger: Logger;
  /** A running execution whose heartbeat is older than this has lost its worker (3 heartbeats). */
  staleAfterMs: number;
  /** Rebuilds a queued execution's job from the database (runs/rebuild-run-job.ts); absent: none is queued again from it. */
  rebuild?: ((executionId: string) => Promise<RunJob | undefined>) | undefined;
  /** Counts runs queued again, by why (GET /metrics). */
  metrics?: Pick<Metrics, 'runsRequeued'> | undefined;
}

/** A queued execution is queued again at most this often; then its loss is a fault to look at, and it fails saying so. */
export const MAX_REQUEUES = 3;

/**
 * Scale-out's "nothing stays running" (DESIGN.md): many processes run at once, so a start
 * cannot fail every running row as embedded mode does. Instead every process, at start and
 * after each heartbeat, ends the executions whose worker stopped heartbeating, and queues
 * again the queued ones whose job left the queue without a worker taking them (failing
 * those it cannot rebuild, or has queued again too often). Each end is a
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
    const { repository, queue, logger, staleAfterMs } = this.options;
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
    let requeued = 0;
    for (const row of await repository.queuedStale(staleAfterMs)) {
      // Waiting its turn behind busy workers is fine; a job that is gone will never run.
      const standing = await queue.jobStanding(row.id);
      if (standing.state === 'pending') continue;
      const requeue = await this.requeue(row, standing);
      if (requeue === 'requeued') requeued += 1;
      if (requeue !== 'no') continue;
      const reason = queuedOrphanReason(standing, row.requeues);
      if (await this.end(row.id, { status: 'queued', heartbeatAt: row.heartbeat_at }, 'error', reason, null)) ended += 1;
    }
    if (requeued > 0) logger.warn({ count: requeued }, 'Queued executions whose job was not in the queue were queued again from the database');
    if (ended > 0) logger.warn({ count: ended }, 'Executions whose worker went away were marked failed');
    return ended;
  }

  /**
   * Hands a queued execution whose job left the queue before any worker claimed it to the
   * workers again: nothing of it ran (a worker runs only what its claim returned), so this
   * cannot double a side effect, and the job id (the execution's) plus the claim keep it
   * single. A job that failed in the queue (the worker's database call for the claim
   * failed) is retried as it was; a missing one (never added, or lost with Redis' data) is
   * rebuilt from the database when its row allows it. The requeue is counted and stamped
   * first, conditionally, so of several sweepers one does it; it waits a stale window
   * before the next look, and stops after MAX_REQUEUES. `raced`: another process has it.
   */
  private async requeue(
    row: { id: string; user_id: string; heartbeat_at: string | null; requeues: number },
    standing: { state: 'failed'; reason: string } | { state: 'missing' },
  ): Promise<'requeued' | 'raced' | 'no'> {
    const { repository, queue, logger, rebuild } = this.options;
    if (row.requeues >= MAX_REQUEUES) return 'no';
    let job: RunJob | undefined;
    if (standing.state === 'missing') {
      job = await rebuild?.(row.id);
      if (!job) return 'no';
    }
    if (!(await repository.noteRequeued(row.id, { requeues: row.requeues, heartbeatAt: row.heartbeat_at }))) return 'raced';
    const reason = standing.state === 'missing' ? 'job_missing' : 'job_failed';
    try {
      // Counted in again: the worker that takes it counts it out (FairShareCounts).
      const priority = await this.options.fairShare.enter(row.user_id).catch(() => 1);
      if (job) await queue.add(job, priority);
      else await queue.retryFailed(row.id);
    } catch (error) {
      // Counted and stamped: the next look, a stale window on, tries again.
      logger.warn({ err: error, executionId: row.id, reason }, 'A queued execution could not be queued again yet');
    }
    this.options.metrics?.runsRequeued.inc({ reason });
    return 'requeued';
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
export function queuedOrphanReason(standing: { state: 'failed'; reason: string } | { state: 'missing' }, requeues = 0): string {
  const again = requeues > 0 ? ` It was queued again ${requeues} time${requeues === 1 ? '' : 's'} from the database; check Redis and the workers' logs.` : '';
  if (standing.state === 'failed') return `No worker ran this execution: its job failed in the queue (${standing.reason}).${again} Run the workflow again.`;
  return `No worker took this execution: its job is not in the Redis queue. The server that accepted the run may have stopped before queueing it, or Redis lost its data.${again} Run the workflow again.`;
}
