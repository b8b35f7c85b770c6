import { type Kysely, sql } from 'kysely';

/**
 * Version history (docs/ARCHITECTURE.md "Version history"): every save of a workflow keeps
 * its document as a row, with who saved it and a one-line summary of what changed, and
 * each user's retention rule. Existing workflows get their current document as their first
 * kept version, so no history starts empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_versions')
    .addColumn('workflow_id', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // The owner, so every query can be scoped by it like the workflows' own.
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Who saved it; the owner today, another account once workflows are shared.
    .addColumn('author_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_versions_pk', ['workflow_id', 'version'])
    .execute();

  await db.schema
    .createTable('version_retention')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // all | count | days
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'integer')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await sql`
    INSERT INTO workflow_versions (workflow_id, version, user_id, author_id, name, document, summary, restored_from, created_at)
    SELECT id, version, user_id, user_id, name, document, 'Version history starts here', NULL, updated_at FROM workflows
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('version_retention').execute();
  await db.schema.dropTable('workflow_versions').execute();
}
