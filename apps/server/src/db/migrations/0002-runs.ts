import type { Kysely } from 'kysely';

/**
 * Running workflows: executions, secrets, API keys, custom node types, webhook tokens and
 * the key-check canary. One migration so every part of the run issue shares one schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('executions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workflow_id', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('workflow_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('workflow_version', 'integer', (c) => c.notNull())
    // manual | api | webhook | schedule
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    // queued | running | success | error | cancelled
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    // JSON: run inputs by node id, outputs by output node id, per-node results, usage.
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('outputs', 'text')
    .addColumn('nodes', 'text', (c) => c.notNull())
    .addColumn('usage', 'text')
    // JSON array of the run's events (masked, truncated) for replay to late subscribers.
    .addColumn('events', 'text')
    .addColumn('idempotency_key', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('duration_ms', 'integer')
    // Which process runs it and when it last said so: orphan detection in scale-out mode.
    .addColumn('runner_id', 'varchar(64)')
    .addColumn('heartbeat_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('executions_user_created').on('executions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('executions_workflow_created').on('executions').columns(['workflow_id', 'created_at']).execute();
  await db.schema.createIndex('executions_status').on('executions').column('status').execute();
  await db.schema.createIndex('executions_user_idempotency').on('executions').columns(['user_id', 'idempotency_key']).unique().execute();

  await db.schema
    .createTable('secrets')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // base64 of iv | auth tag | ciphertext (AES-256-GCM)
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('secrets_user_name', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // SHA-256 of the key; the key itself is shown once and never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // First characters of the key, shown in the list so a user can tell keys apart.
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('custom_node_types')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // `custom.<slug>`, unique per user
    .addColumn('type', 'varchar(120)', (c) => c.notNull())
    // JSON NodeDefinition (ports, config fields, title, category, docs)
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('custom_node_types_user_type', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('workflow_id', 'varchar(36)', (c) => c.primaryKey().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The secret part of the URL; compared in constant time.
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    // output: answer with the run's output; accepted: answer 202 with the execution id.
    .addColumn('respond', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_settings', 'webhooks', 'custom_node_types', 'api_keys', 'secrets', 'executions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
