import type { Kysely } from 'kysely';

/**
 * Schedule lists a page at a time (issue 21): GET /api/schedules reads after a cursor on
 * (created_at, id), alone, by workflow or by enabled, so each has an index that ends in
 * that order and a page reads about its own rows (10,000 schedules were listed whole in
 * 1.7 s). `id` is last because it breaks created_at ties, which a burst of creates has.
 * The two new indexes on user and on workflow replace their shorter forerunners (the
 * workflow one still serves the cascade when a workflow is deleted). None holds
 * `next_fire_at`, which every scheduler claim rewrites.
 */
const INDEXES: readonly (readonly [name: string, columns: string[]])[] = [
  ['schedules_user_created_id', ['user_id', 'created_at', 'id']],
  ['schedules_workflow_created_id', ['workflow_id', 'created_at', 'id']],
  ['schedules_user_enabled_created_id', ['user_id', 'enabled', 'created_at', 'id']],
];

/** The indexes of migration 0003 that the first two above make redundant. */
const REPLACED: readonly (readonly [name: string, columns: string[]])[] = [
  ['schedules_user_created', ['user_id', 'created_at']],
  ['schedules_workflow', ['workflow_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('schedules').columns(columns).execute();
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of REPLACED) await db.schema.createIndex(name).on('schedules').columns(columns).execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
