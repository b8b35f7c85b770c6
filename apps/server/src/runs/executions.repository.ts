import { ACTIVE_EXECUTION_STATUSES, type RunDataMode } from '@weft/core';
import { type Insertable, type Kysely, PostgresAdapter, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, ExecutionsTable } from '../db/schema.js';
import type { ExecutionStatus, RunTrigger } from './execution-types.js';
import { RunWrites } from './run-writes.js';

// The rows' API shapes (execution-shapes.ts), long imported from here.
export { toDetail, toSummary } from './execution-shapes.js';

const ACTIVE = ACTIVE_EXECUTION_STATUSES;
/** Retention never deletes these: not over yet (a waiting run holds a person's pending decision). */
const UNENDED = [...ACTIVE, 'waiting'] as const;

const SUMMARY_COLUMNS = [
  'id',
  'user_id',
  'workflow_id',
  'workflow_name',
  'workflow_version',
  'trigger',
  'status',
  'error',
  'created_at',
  'started_at',
  'finished_at',
  'duration_ms',
  'schedule_id',
  'scheduled_for',
  'replay_of',
  'parent_execution_id',
  'data_kept',
  'input_tokens',
  'output_tokens',
  'cost_usd',
  'cost_incomplete',
] as const;

/** Columns a row about to be inserted may leave out: everything kept, no usage yet. */
type LaterColumns = 'data_kept' | 'input_tokens' | 'output_tokens' | 'cost_usd' | 'cost_incomplete';

/** A row as the list reads it; the `LaterColumns` absent on a row about to be inserted. */
export type SummaryRow = Pick<Selectable<ExecutionsTable>, Exclude<(typeof SUMMARY_COLUMNS)[number], LaterColumns>> &
  Partial<Pick<Selectable<ExecutionsTable>, LaterColumns>>;
export type ExecutionRow = Selectable<ExecutionsTable>;

export interface ListFilters {
  workflowId?: string | undefined;
  /** Only these workflows' executions (an API key limited to them). */
  workflowIds?: readonly string[] | undefined;
  status?: ExecutionStatus | undefined;
  trigger?: RunTrigger | undefined;
  limit: number;
  /** Rows strictly older than this (created_at, then id), newest first. */
  before?: { createdAt: string; id: string } | undefined;
}

export interface FinishColumns {
  status: ExecutionStatus;
  error: string | null;
  startedAt: string | null;
  finishedAt: string;
  durationMs: number | null;
  nodes: string;
  outputs: string | null;
  usage: string | null;
  /** The usage's totals (migration 0023); absent: none (a run that called no model, a refused one). */
  inputTokens?: number | null;
  outputTokens?: number | null;
  costUsd?: number | null;
  costIncomplete?: number;
  events: string | null;
  /** What was kept (core run-data.ts); absent: everything. */
  dataKept?: RunDataMode;
}

/**
 * The SQL of executions. Every read a user can trigger is scoped by owner, so another
 * user's execution is indistinguishable from a missing one. The writes of a run's start
 * and end are `RunWrites`' (group commit, compiled once).
 */
export class ExecutionsRepository {
  /** The start and end of every run: group commit, statements compiled once. */
  private readonly writes: RunWrites;

  constructor(private readonly db: Kysely<Database>) {
    this.writes = new RunWrites(db);
  }

  /**
   * The database's clock as an ISO text (the format every timestamp column uses), `ms`
   * milliseconds ago. Leases (heartbeats and their staleness) are judged by this one clock:
   * process clocks can be seconds apart, and a time taken before a slow query is old by
   * the time the query runs.
   */
  private databaseNow(msAgo = 0): RawBuilder<string> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      return sql<string>`to_char((clock_timestamp() - (${msAgo} * interval '1 millisecond')) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    }
    return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${msAgo / 1000} seconds`})`;
  }

  /** False when the idempotency key was taken meanwhile (the unique index decides races). */
  insert(row: Insertable<ExecutionsTable>): Promise<boolean> {
    return this.writes.insert(row);
  }

  /** The one write of a run that ended before its row was stored: the row and its end together (run-writes.ts). */
  insertFinished(row: Insertable<ExecutionsTable>, columns: FinishColumns, onInserted: () => void): Promise<void> {
    return this.writes.insertFinished(row, columns, onInserted);
  }

  /** The one write of a run's end (run-writes.ts); with `runnerId`, only while the row is still that runner's. */
  finish(id: string, workflowId: string, columns: FinishColumns, runnerId?: string): Promise<boolean> {
    return this.writes.finish(id, workflowId, columns, runnerId);
  }

  /** The run whose Run Workflow node started this one (the user's own rows only); null: none. */
  async parentOf(userId: string, id: string): Promise<string | null> {
    const row = await this.db.selectFrom('executions').select('parent_execution_id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row?.parent_execution_id ?? null;
  }

  findByIdempotencyKey(userId: string, key: string): Promise<SummaryRow | undefined> {
    return this.db.selectFrom('executions').select(SUMMARY_COLUMNS).where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  }

  /**
   * Scale-out: a worker takes a queued execution (queued → running, naming itself). The
   * database decides races with a cancel or another worker; undefined when it lost.
   */
  async claim(id: string, runnerId: string, at: string) {
    return (await this.claimMany([id], runnerId, at))[0];
  }

  /**
   * Several claims in one statement (scale-out's ClaimBatcher): each row is claimed only if
   * still queued, and the rows returned are the ones this runner won. A resumed run (tool
   * approval) keeps its first start: its duration is the whole run's, the wait included.
   */
  claimMany(ids: readonly string[], runnerId: string, at: string) {
    return this.db
      .updateTable('executions')
      .set({ status: 'running', runner_id: runnerId, started_at: sql<string>`coalesce(started_at, ${at})`, heartbeat_at: this.databaseNow() })
      .where('id', 'in', ids)
      .where('status', '=', 'queued')
      .returning([...SUMMARY_COLUMNS, 'inputs'])
      .execute();
  }

  /** Scale-out: cancels an execution no worker has claimed yet. False when one has. */
  async cancelQueued(id: string, at: string, events: string): Promise<boolean> {
    const result = await this.db
      .updateTable('executions')
      .set({ status: 'cancelled', error: 'Run cancelled', finished_at: at, heartbeat_at: at, events })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Scale-out: running executions whose heartbeat is older than `staleAfterMs` by the
   * database's clock. None while the database has been up for less than that: no heartbeat
   * could land while it was down, so after a restart every worker gets a whole stale window
   * to beat again, whichever process sweeps first (issue 19: a restart failed live runs).
   */
  staleRunning(staleAfterMs: number) {
    let query = this.db
      .selectFrom('executions')
      .select(['id', 'started_at', 'heartbeat_at', 'runner_id', 'schedule_id'])
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', this.databaseNow(staleAfterMs));
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      query = query.where(sql<boolean>`pg_postmaster_start_time() < clock_timestamp() - (${staleAfterMs} * interval '1 millisecond')`);
    }
    return query.execute();
  }

  /**
   * Scale-out: executions waiting for a worker since they were handed to the queue more
   * than `staleAfterMs` ago by the database's clock (`heartbeat_at`: the insert, or the
   * latest requeue).
   */
  queuedStale(staleAfterMs: number) {
    return this.db
      .selectFrom('executions')
      .select(['id', 'user_id', 'started_at', 'heartbeat_at', 'requeues', 'rebuild_inputs'])
      .where('status', '=', 'queued')
      .where((eb) => eb(eb.fn.coalesce('heartbeat_at', 'created_at'), '<', this.databaseNow(staleAfterMs)))
      .execute();
  }

  /**
   * Scale-out: counts a requeue of a queued execution and stamps `heartbeat_at`, only if
   * the row is as seen (still queued, same count and stamp), so of several sweepers one
   * requeues it. False when another did, or it was claimed or ended meanwhile.
   */
  async noteRequeued(id: string, seen: { requeues: number; heartbeatAt: string | null }): Promise<boolean> {
    let update = this.db
      .updateTable('executions')
      .set({ requeues: seen.requeues + 1, heartbeat_at: this.databaseNow() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('requeues', '=', seen.requeues);
    update = seen.heartbeatAt === null ? update.where('heartbeat_at', 'is', null) : update.where('heartbeat_at', '=', seen.heartbeatAt);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Ends an execution whose runner is gone, with what it had done (scale-out). Only if
   * the row is as it was seen (`status`, and `heartbeatAt` unless undefined), so that of
   * several processes sweeping at once one ends it, and a run that came back to life is left alone.
   */
  async endAbandoned(
    id: string,
    seen: { status: ExecutionStatus; heartbeatAt?: string | null },
    columns: FinishColumns,
    /** Its worker died while it ran (not a cancel, not a job that never started). */
    orphaned = false,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('executions')
      .set({
        status: columns.status,
        error: columns.error,
        finished_at: columns.finishedAt,
        duration_ms: columns.durationMs,
        nodes: columns.nodes,
        outputs: columns.outputs,
        events: columns.events,
        ...(orphaned ? { orphaned: 1 } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', seen.status);
    if (seen.heartbeatAt === null) update = update.where('heartbeat_at', 'is', null);
    else if (seen.heartbeatAt !== undefined) update = update.where('heartbeat_at', '=', seen.heartbeatAt);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Asks the database for nothing: a process with no runs to mark alive still learns whether it answers. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  /** Long runs say they are alive; a finished row is never touched. */
  /** Marks runs alive, stamped with the database's clock at the moment the write runs. */
  async heartbeat(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('executions')
      .set({ status: 'running', heartbeat_at: this.databaseNow() })
      .where('id', 'in', ids)
      .where('status', 'in', ACTIVE)
      .execute();
  }

  get(userId: string, id: string): Promise<ExecutionRow | undefined> {
    return this.db.selectFrom('executions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  getById(id: string): Promise<ExecutionRow | undefined> {
    return this.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getSummary(userId: string, id: string): Promise<SummaryRow | undefined> {
    return this.db.selectFrom('executions').select(SUMMARY_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** What a replay needs: the stored events and enough to close a stream that has none. */
  getEvents(userId: string, id: string) {
    return this.db
      .selectFrom('executions')
      .select(['status', 'error', 'outputs', 'events', 'nodes', 'finished_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  list(userId: string, filters: ListFilters): Promise<SummaryRow[]> {
    let query = this.db.selectFrom('executions').select(SUMMARY_COLUMNS).where('user_id', '=', userId);
    if (filters.workflowId) query = query.where('workflow_id', '=', filters.workflowId);
    if (filters.workflowIds) query = query.where('workflow_id', 'in', filters.workflowIds);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.trigger) query = query.where('trigger', '=', filters.trigger);
    const before = filters.before;
    if (before) {
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit).execute();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('executions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ends a row left queued or running by no process here (cancel of a leftover). */
  async markEnded(id: string, status: ExecutionStatus, error: string, at: string): Promise<void> {
    await this.db.updateTable('executions').set({ status, error, finished_at: at }).where('id', '=', id).where('status', 'in', ACTIVE).execute();
  }

  /**
   * Embedded mode's start after a crash: every execution still running is failed with
   * `reasons.running` and marked orphaned (its process died under it), every one still
   * queued with `reasons.queued`. Answers how many, and the schedules of the orphaned ones.
   */
  async failLeftBehind(reasons: { running: string; queued: string }, at: string): Promise<{ count: number; scheduleIds: string[] }> {
    const running = await this.db
      .updateTable('executions')
      .set({ status: 'error', error: reasons.running, finished_at: at, orphaned: 1 })
      .where('status', '=', 'running')
      .returning('schedule_id')
      .execute();
    const queued = await this.db
      .updateTable('executions')
      .set({ status: 'error', error: reasons.queued, finished_at: at })
      .where('status', '=', 'queued')
      .executeTakeFirst();
    const scheduleIds = running.flatMap((row) => (row.schedule_id ? [row.schedule_id] : []));
    return { count: running.length + Number(queued.numUpdatedRows), scheduleIds };
  }

  /** Deletes finished executions created before `cutoff`. */
  async deleteOlderThan(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('executions').where('created_at', '<', cutoff).where('status', 'not in', UNENDED).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Keeps the newest `keep` executions of the user (the executions quota), deleting older
   * finished ones, oldest first; one still queued or running is never deleted.
   */
  trimForUser(userId: string, keep: number): Promise<number> {
    return this.trimOlder('user_id', userId, keep);
  }

  /** Users keeping more than `keep` executions. */
  usersOver(keep: number): Promise<string[]> {
    return this.keysOver('user_id', keep);
  }

  /** Keeps the newest `keep` executions of each workflow, deleting older finished ones. */
  async trimPerWorkflow(keep: number): Promise<number> {
    let deleted = 0;
    for (const workflowId of await this.keysOver('workflow_id', keep)) deleted += await this.trimOlder('workflow_id', workflowId, keep);
    return deleted;
  }

  /** The owners (users or workflows) of more than `keep` executions. */
  private async keysOver(key: 'user_id' | 'workflow_id', keep: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('executions')
      .select(key)
      .groupBy(key)
      .having((eb) => eb.fn.countAll(), '>', keep)
      .execute();
    return rows.map((row) => row[key]);
  }

  /** Deletes the finished executions of one user or workflow older than its newest `keep`. */
  private async trimOlder(key: 'user_id' | 'workflow_id', value: string, keep: number): Promise<number> {
    // The oldest row still kept, by the (key, created_at) index; everything older goes.
    const boundary = await this.db
      .selectFrom('executions')
      .select(['created_at', 'id'])
      .where(key, '=', value)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep - 1)
      .executeTakeFirst();
    if (!boundary) return 0;
    const result = await this.db
      .deleteFrom('executions')
      .where(key, '=', value)
      .where('status', 'not in', UNENDED)
      .where((eb) => eb.or([eb('created_at', '<', boundary.created_at), eb.and([eb('created_at', '=', boundary.created_at), eb('id', '<', boundary.id)])]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
