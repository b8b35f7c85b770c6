import type { Kysely } from 'kysely';

/**
 * The audit trail (issue 25, `../../audit/`): one row per thing done in a workspace, kept
 * by that workspace's retention setting. Until team workspaces own resources, a user's
 * personal workspace has the user's id, so `workspace_id` names it today. The actor is kept
 * twice: `actor_user_id` (null for the system or an anonymous caller; no foreign key, so
 * the entry outlives the person) and `actor_label`, the e-mail at the time. `details` is small JSON. Secrets learn who created and who last used them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('actor_user_id', 'varchar(36)')
    .addColumn('actor_label', 'varchar(320)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)')
    .addColumn('target_id', 'varchar(200)')
    .addColumn('target_label', 'varchar(300)')
    .addColumn('details', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The list: newest first within a workspace, the id breaking ties (the cursor's order).
  await db.schema.createIndex('audit_entries_list').on('audit_entries').columns(['workspace_id', 'created_at desc', 'id desc']).execute();
  // The filters: an action prefix and a person, each still newest first.
  await db.schema.createIndex('audit_entries_action').on('audit_entries').columns(['workspace_id', 'action', 'created_at desc']).execute();
  await db.schema.createIndex('audit_entries_actor').on('audit_entries').columns(['workspace_id', 'actor_user_id', 'created_at desc']).execute();
  await db.schema
    .createTable('audit_settings')
    .addColumn('workspace_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('secrets').addColumn('created_by', 'varchar(36)').execute();
  await db.schema.alterTable('secrets').addColumn('last_used_by', 'varchar(36)').execute();
  await db.schema.alterTable('secrets').addColumn('last_used_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('secrets').dropColumn('last_used_at').execute();
  await db.schema.alterTable('secrets').dropColumn('last_used_by').execute();
  await db.schema.alterTable('secrets').dropColumn('created_by').execute();
  await db.schema.dropTable('audit_settings').execute();
  await db.schema.dropTable('audit_entries').execute();
}
