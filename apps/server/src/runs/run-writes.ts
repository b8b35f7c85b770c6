import type { Insertable, Kysely } from 'kysely';
import { CompiledStatements } from '../db/compiled-statements.js';
import type { Database, ExecutionsTable } from '../db/schema.js';
import { lastRunUpdate } from '../workflows/workflow-statements.js';
import type { ExecutionStatus } from './execution-types.js';
import type { FinishColumns } from './executions.repository.js';
import { WriteBatcher } from './write-batcher.js';

/** A workflow's last-run columns waiting to be written; later runs overwrite earlier ones. */
interface LastRun {
  status: ExecutionStatus;
  at: string;
  written: Promise<void>;
}

/**
 * The writes every run makes: its row at the start, its end (status and everything
 * recorded) and the workflow's last-run columns. They go through a group commit
 * (`WriteBatcher`: the writes of one event-loop turn in one transaction) and are compiled
 * once per shape (`CompiledStatements`), the two costs that repeat for every run.
 */
export class RunWrites {
  private readonly batcher: WriteBatcher;
  private readonly lastRuns = new Map<string, LastRun>();
  private readonly statements = new CompiledStatements();

  constructor(private readonly db: Kysely<Database>) {
    this.batcher = new WriteBatcher(db);
  }

  /** False when the idempotency key was taken meanwhile (the unique index decides races). */
  insert(row: Insertable<ExecutionsTable>): Promise<boolean> {
    // Columns left undefined are left out, as Kysely's own insert does.
    const columns = (Object.keys(row) as (keyof typeof row & string)[]).filter((column) => row[column] !== undefined);
    const keyed = row.idempotency_key != null;
    return this.batcher.run(async (db) => {
      const result = await this.statements.run(
        db,
        `insert:${keyed ? 'keyed:' : ''}${columns.join(',')}`,
        (value) => {
          const insert = this.db
            .insertInto('executions')
            .values(Object.fromEntries(columns.map((column) => [column, value(column)])) as Insertable<ExecutionsTable>);
          return keyed ? insert.onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing()) : insert;
        },
        row,
      );
      return !keyed || Number(result.numAffectedRows ?? 0) > 0;
    });
  }

  /**
   * The one write of a run's end: its status and everything recorded in memory. With
   * `runnerId` (scale-out) only while the row is still this runner's and running: a run
   * that another process already ended (cancel, stale heartbeat) stays as it was ended.
   * Returns whether the row was written.
   */
  async finish(id: string, workflowId: string, columns: FinishColumns, runnerId?: string): Promise<boolean> {
    const claimed = runnerId !== undefined;
    const values = {
      ...columns,
      dataKept: columns.dataKept ?? 'all',
      inputTokens: columns.inputTokens ?? null,
      outputTokens: columns.outputTokens ?? null,
      costUsd: columns.costUsd ?? null,
      costIncomplete: columns.costIncomplete ?? 0,
      id,
      runnerId,
    };
    const execution = this.batcher.run((db) =>
      this.statements.run(
        db,
        claimed ? 'finish:claimed' : 'finish',
        (value) => {
          let update = this.db
            .updateTable('executions')
            .set({
              status: value('status') as ExecutionStatus,
              error: value('error'),
              started_at: value('startedAt'),
              finished_at: value('finishedAt'),
              duration_ms: value('durationMs') as unknown as number,
              nodes: value('nodes'),
              outputs: value('outputs'),
              usage: value('usage'),
              input_tokens: value('inputTokens') as unknown as number | null,
              output_tokens: value('outputTokens') as unknown as number | null,
              cost_usd: value('costUsd') as unknown as number | null,
              cost_incomplete: value('costIncomplete') as unknown as number,
              events: value('events'),
              data_kept: value('dataKept'),
              heartbeat_at: value('finishedAt'),
            })
            .where('id', '=', value('id'));
          if (claimed) update = update.where('runner_id', '=', value('runnerId')).where('status', '=', 'running');
          return update;
        },
        values,
      ),
    );
    if (runnerId === undefined) {
      await Promise.all([execution, this.setLastRun(workflowId, columns.status, columns.finishedAt)]);
      return true;
    }
    const written = Number((await execution).numAffectedRows ?? 0) > 0;
    if (written) await this.setLastRun(workflowId, columns.status, columns.finishedAt);
    return written;
  }

  /**
   * A run's one write when it ended before its row was stored (held-runs.ts `storeAfterMs`):
   * the row as it would have been inserted, with the end's columns, in one INSERT.
   */
  async insertFinished(row: Insertable<ExecutionsTable>, columns: FinishColumns, onInserted: () => void): Promise<void> {
    const ended: Insertable<ExecutionsTable> = {
      ...row,
      status: columns.status,
      error: columns.error,
      started_at: columns.startedAt,
      finished_at: columns.finishedAt,
      duration_ms: columns.durationMs,
      nodes: columns.nodes,
      outputs: columns.outputs,
      usage: columns.usage,
      input_tokens: columns.inputTokens ?? null,
      output_tokens: columns.outputTokens ?? null,
      cost_usd: columns.costUsd ?? null,
      cost_incomplete: columns.costIncomplete ?? 0,
      events: columns.events,
      data_kept: columns.dataKept ?? 'all',
      heartbeat_at: columns.finishedAt,
    };
    // Both in the same group commit; the row is told as soon as it is in, so a retry after a failed last-run write updates it.
    const lastRun = this.setLastRun(row.workflow_id, columns.status, columns.finishedAt);
    await this.insert(ended);
    onInserted();
    await lastRun;
  }

  /**
   * The workflow's last-run columns. Runs of one workflow that end together share one
   * UPDATE carrying the latest values: a busy webhook would otherwise rewrite the same
   * row a thousand times a second.
   */
  private setLastRun(workflowId: string, status: ExecutionStatus, at: string): Promise<void> {
    const waiting = this.lastRuns.get(workflowId);
    if (waiting) {
      if (at >= waiting.at) {
        waiting.status = status;
        waiting.at = at;
      }
      return waiting.written;
    }
    const entry = { status, at } as LastRun;
    this.lastRuns.set(workflowId, entry);
    entry.written = this.batcher.run(async (db) => {
      this.lastRuns.delete(workflowId);
      await this.statements.run(db, 'last-run', (value) => lastRunUpdate(this.db, value), { status: entry.status, at: entry.at, id: workflowId });
    });
    return entry.written;
  }
}
