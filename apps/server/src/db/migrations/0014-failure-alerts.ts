import type { Kysely } from 'kysely';

/**
 * Failure alerts (apps/server/src/alerts/README.md): one row per workflow that names where
 * to tell someone when a run fails or a schedule pauses itself, with its failure streak and
 * the last alert's outcome. The streak is a column, claimed by a conditional UPDATE, so one
 * alert goes out per streak whichever process (API or worker) ends the runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_alerts')
    .addColumn('workflow_id', 'varchar(36)', (c) => c.primaryKey().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // JSON: the addresses to mail.
    .addColumn('emails', 'text', (c) => c.notNull())
    // JSON: { mode, secret (a secret's name, never its value), channel, apiUrl }; null: no Slack.
    .addColumn('slack', 'text')
    .addColumn('webhook_url', 'text')
    // Deleting the error workflow leaves the alerts without one.
    .addColumn('error_workflow_id', 'varchar(36)', (c) => c.references('workflows.id').onDelete('set null'))
    // The failed execution that opened the current streak; null after a success.
    .addColumn('failing_execution_id', 'varchar(36)')
    .addColumn('failing_at', 'varchar(32)')
    // JSON: the last alert's kind, time and each destination's outcome.
    .addColumn('last_alert', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workflow_alerts_error_workflow').on('workflow_alerts').column('error_workflow_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_alerts').execute();
}
