import type { Kysely } from 'kysely';

/**
 * Who has a workflow open (issue 25, "working at the same time"): one row per editor tab
 * (`session_id`, chosen by the tab) and user, refreshed by the tab's heartbeat
 * (`seen_at`) and deleted when it leaves. A row not refreshed for 45 s no longer counts
 * and is pruned. In the database rather than in memory so that every API process of a
 * scale-out deployment sees the same viewers. `opened_at` is the tab's first heartbeat
 * (the "since" of the tooltip). Deleting the workflow or the user deletes the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_presence')
    .addColumn('workflow_id', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('opened_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    // The user is part of the key: a tab cannot take over another user's row by naming its session.
    .addPrimaryKeyConstraint('workflow_presence_pk', ['workflow_id', 'user_id', 'session_id'])
    .execute();
  // Pruning deletes by age across workflows.
  await db.schema.createIndex('workflow_presence_seen').on('workflow_presence').column('seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_presence').execute();
}
