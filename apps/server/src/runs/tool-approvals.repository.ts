import type { ToolApproval, ToolApprovalStatus } from '@weft/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ToolApprovalRow, ToolApprovalsTable } from '../db/schema-agents.js';

/** A row with its execution's workflow name, as the API shows it. */
type ApprovalWithName = ToolApprovalRow & { workflow_name: string };

/**
 * The SQL of `tool_approvals` (migration 0022) and of the executions' `waiting` status:
 * the held calls of waiting runs, the owner's decisions (each at most once: a decision is
 * an UPDATE of a pending row only), and the turns of an execution between `waiting` and
 * running or ended. Every read a user can cause is scoped by owner.
 */
export class ToolApprovalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(rows: readonly Insertable<ToolApprovalsTable>[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('tool_approvals')
        .values([...rows])
        .execute();
  }

  /** The user's calls that wait for a decision (of runs that still wait), oldest first. */
  pending(userId: string, limit: number, workflowIds?: readonly string[]): Promise<ApprovalWithName[]> {
    let query = this.withName()
      .where('tool_approvals.user_id', '=', userId)
      .where('tool_approvals.status', '=', 'pending')
      .where('executions.status', '=', 'waiting');
    if (workflowIds) query = query.where('tool_approvals.workflow_id', 'in', workflowIds.length > 0 ? [...workflowIds] : ['']);
    return query.orderBy('tool_approvals.created_at').orderBy('tool_approvals.id').limit(limit).execute();
  }

  get(userId: string, id: string): Promise<ApprovalWithName | undefined> {
    return this.withName().where('tool_approvals.id', '=', id).where('tool_approvals.user_id', '=', userId).executeTakeFirst();
  }

  /** Every call of one execution that needed approval, in the order they were held. */
  ofExecution(executionId: string): Promise<ApprovalWithName[]> {
    return this.withName().where('tool_approvals.execution_id', '=', executionId).orderBy('tool_approvals.created_at').orderBy('tool_approvals.id').execute();
  }

  /** Records a decision on a pending call; false when it was decided (or closed) already. */
  async decide(id: string, decision: { status: 'approved' | 'rejected'; decidedBy: string; reason: string | null; at: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('tool_approvals')
      .set({ status: decision.status, decided_by: decision.decidedBy, decided_at: decision.at, reason: decision.reason })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countPending(executionId: string): Promise<number> {
    const row = await this.db
      .selectFrom('tool_approvals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('execution_id', '=', executionId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Waiting executions whose calls are all decided: the process that took the last decision
   * stopped before it could resume the run (a crash, a failed resume).
   */
  async decidedWaiting(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('executions')
      .select('executions.id')
      .where('executions.status', '=', 'waiting')
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('tool_approvals')
              .select('tool_approvals.id')
              .whereRef('tool_approvals.execution_id', '=', 'executions.id')
              .where('tool_approvals.status', '=', 'pending'),
          ),
        ),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('tool_approvals')
            .select('tool_approvals.id')
            .whereRef('tool_approvals.execution_id', '=', 'executions.id')
            .where('tool_approvals.status', 'in', ['approved', 'rejected']),
        ),
      )
      .execute();
    return rows.map((row) => row.id);
  }

  /** Closes an execution's undecided calls (its run ended without them). */
  async closePending(executionId: string, at: string, reason: string): Promise<void> {
    await this.db
      .updateTable('tool_approvals')
      .set({ status: 'cancelled', decided_at: at, reason })
      .where('execution_id', '=', executionId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** A waiting execution taken up again (`queued` or `running`); false when it no longer waits (another decision took it first, or a cancel). */
  async markResumed(executionId: string, status: 'queued' | 'running', startedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('executions')
      .set({ status, finished_at: null, duration_ms: null, error: null, heartbeat_at: startedAt })
      .where('id', '=', executionId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends a waiting execution (cancel, or a resume that cannot start); false when it no longer waits. */
  async endWaiting(executionId: string, status: 'cancelled' | 'error', error: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('executions')
      .set({ status, error, finished_at: at })
      .where('id', '=', executionId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private withName() {
    return this.db
      .selectFrom('tool_approvals')
      .innerJoin('executions', 'executions.id', 'tool_approvals.execution_id')
      .selectAll('tool_approvals')
      .select('executions.workflow_name');
  }
}

/** A row as the API shows it (the state the Agent needs stays on the server). */
export function toToolApproval(row: ApprovalWithName): ToolApproval {
  return {
    id: row.id,
    executionId: row.execution_id,
    workflowId: row.workflow_id,
    workflowName: row.workflow_name,
    nodeId: row.node_id,
    toolNodeId: row.tool_node_id,
    toolName: row.tool_name,
    arguments: JSON.parse(row.arguments) as Record<string, unknown>,
    status: row.status as ToolApprovalStatus,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reason: row.reason,
    createdAt: row.created_at,
  };
}
