import type { Kysely } from 'kysely';

/**
 * MCP (issue 23): which workflows an owner exposes as MCP tools, and API keys limited to a
 * list of workflows. An exposure is its own row, not part of the workflow document, so
 * exporting or importing a workflow never publishes it; deleting the workflow deletes it.
 * A key's `workflow_ids` is a JSON array of workflow ids; null (every key made before)
 * keeps the key working on every workflow, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('workflow_ids', 'text').execute();
  await db.schema
    .createTable('mcp_tools')
    .addColumn('workflow_id', 'varchar(36)', (c) => c.primaryKey().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A tool is called by name: one name per owner, and the owner's list read by index.
  await db.schema.createIndex('mcp_tools_user_name').on('mcp_tools').columns(['user_id', 'name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_tools').execute();
  await db.schema.alterTable('api_keys').dropColumn('workflow_ids').execute();
}
