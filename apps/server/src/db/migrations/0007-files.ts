import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Uploads (docs/ARCHITECTURE.md "Files"), kept in the database so that every process of a
 * scale-out install reads the same files: a blob on SQLite, bytea on PostgreSQL. Deleting
 * the account deletes its files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // As uploaded, cleaned of folders and control characters; shown, never used as a path.
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // Detected from the content at upload.
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // SHA-256 of the content, hex.
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // Last: SQLite stores a large value in overflow pages, and a column after it would be
    // reached only by walking them, so listing files would read every file.
    .addColumn('content', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_user_created').on('files').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}
