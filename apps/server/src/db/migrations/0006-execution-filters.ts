import type { Kysely } from 'kysely';

/**
 * The executions list is filtered by status, trigger and workflow, newest first, a page at a
 * time. With only (user, created_at) to go by, a rare or absent status meant reading the
 * user's whole history: 44 ms at 100,000 rows (bench/executions-filter.bench.mjs). Each
 * filter, and status with trigger, now has an index that ends in the page order, so a page
 * reads about its own rows. `id` is last because it breaks created_at ties in that order.
 */
const INDEXES: readonly (readonly [name: string, columns: string[]])[] = [
  ['executions_user_status_created', ['user_id', 'status', 'created_at', 'id']],
  ['executions_user_trigger_created', ['user_id', 'trigger', 'created_at', 'id']],
  ['executions_user_status_trigger_created', ['user_id', 'status', 'trigger', 'created_at', 'id']],
  ['executions_workflow_status_created', ['workflow_id', 'status', 'created_at', 'id']],
  ['executions_workflow_trigger_created', ['workflow_id', 'trigger', 'created_at', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('executions').columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
