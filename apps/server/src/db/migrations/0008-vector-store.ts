import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The vector store (docs/ARCHITECTURE.md "Vector store"): each user's named collections and
 * their chunks, unique per collection by content hash so indexing the same text twice
 * stores it once. Chunk ids are integers because the search indexes key rows by them.
 *
 * SQLite keeps each collection's vectors and keyword index in tables of its own (a
 * sqlite-vec `vec0` table and an FTS5 table, made with the collection), so `embedding`
 * stays empty there. PostgreSQL keeps the vector in `embedding` (float32, little-endian)
 * and searches words through a generated `tsvector` column with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('vector_collections')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // openai | openai-compatible | none (keyword search only)
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('base_url', 'text')
    .addColumn('model', 'varchar(200)')
    // 0 until the first vectors arrive, and for keyword-only collections.
    .addColumn('dimensions', 'integer', (c) => c.notNull())
    // Kept up to date by the writes, so listing collections reads no chunks.
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('vector_collections_user_name', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('vector_chunks')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('collection_id', 'varchar(36)', (c) => c.notNull().references('vector_collections.id').onDelete('cascade'))
    // SHA-256 (hex) of source and text.
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // JSON object: the chunk's metadata as it arrived.
    .addColumn('metadata', 'text', (c) => c.notNull())
    // The metadata's `source` when it is text (a file name, a URL), so filters on it use an index.
    .addColumn('source', 'text')
    .addColumn('embedding', postgres ? 'bytea' : 'blob')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('vector_chunks_collection_hash', ['collection_id', 'content_hash'])
    .execute();
  // Filtering by source (one document of a collection) reads only that document's rows.
  await db.schema.createIndex('vector_chunks_collection_source').on('vector_chunks').columns(['collection_id', 'source']).execute();

  if (postgres) {
    await sql`ALTER TABLE vector_chunks ADD COLUMN words tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED`.execute(db);
    await sql`CREATE INDEX vector_chunks_words ON vector_chunks USING gin (words)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vector_chunks').execute();
  await db.schema.dropTable('vector_collections').execute();
}
