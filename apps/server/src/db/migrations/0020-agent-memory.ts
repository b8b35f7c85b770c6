import type { Kysely } from 'kysely';

/**
 * Agent memory (issue 23): one row per turn of an Agent node in a conversation, keyed by
 * (workflow, session id) and owned by the run's owner. `messages` is the JSON of the
 * turn's messages (task, tool calls, tool results, answer); `chars` their length, for the
 * token budget without parsing. Deleting the workflow or the user deletes the memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_memory')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workflow_id', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A turn's recall reads the newest turns of one node in one conversation.
  await db.schema.createIndex('agent_memory_conversation').on('agent_memory').columns(['workflow_id', 'session_id', 'node_id', 'seq']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_memory').execute();
}
