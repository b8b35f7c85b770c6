import type { Kysely } from 'kysely';

/**
 * What a deleted upload was called (issue 22): a workflow still names the file by its id,
 * and a run that reads it should say which file is gone ("handbook.pdf was deleted"), not
 * show the id. One small row per deleted file, the owner's only; deleting the account
 * deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The account's cascade finds its rows without a scan.
  await db.schema.createIndex('deleted_files_user').on('deleted_files').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_files').execute();
}
