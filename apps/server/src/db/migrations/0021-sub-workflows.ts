import type { Kysely } from 'kysely';

/**
 * Sub-workflows (issue 23, the Run Workflow node): a run started by another run's Run
 * Workflow node names that run in `parent_execution_id`. The link is how a child finds its
 * depth (the chain of parents, walked when a child starts, refused past a limit so a
 * workflow calling itself stops) and how a person goes from the child's history row to the
 * run that called it. No foreign key: either run may be deleted by retention first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').addColumn('parent_execution_id', 'varchar(36)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('parent_execution_id').execute();
}
