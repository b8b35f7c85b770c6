import type { Kysely } from 'kysely';

/**
 * Tool approvals (issue 23): an Agent's call of a tool with *Require approval* on is not
 * made; it waits here, one row per call, while its execution is `waiting`. The owner
 * approves or rejects it (`decided_by`, `decided_at`, `reason`); once every pending call of
 * the execution is decided, the run goes on. `arguments` is the call's arguments and
 * `state` what the Agent needs to go on (its conversation so far, the counters), both JSON
 * and masked like every stored run value. `session_id` is the run's conversation (Agent
 * memory), which the executions row does not keep. Deleting the execution, the workflow or
 * the user deletes the approvals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tool_approvals')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('execution_id', 'varchar(36)', (c) => c.notNull().references('executions.id').onDelete('cascade'))
    .addColumn('workflow_id', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('node_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('tool_node_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('tool_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('call_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('arguments', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('session_id', 'varchar(200)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(320)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The approvals page lists a user's pending calls; a resume reads one execution's.
  await db.schema.createIndex('tool_approvals_user_status').on('tool_approvals').columns(['user_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('tool_approvals_execution').on('tool_approvals').column('execution_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tool_approvals').execute();
}
