import type { Kysely } from 'kysely';

/** Accounts, sessions, subscriptions, analytics and stored workflows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(200)')
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identities')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('identities_provider_subject', ['provider', 'subject'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('notifications_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notification_types', 'text', (c) => c.notNull())
    .addColumn('subscription_source', 'varchar(32)', (c) => c.notNull())
    .addColumn('unsubscribe_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('subscribed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('path', 'varchar(2000)')
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_name_created').on('analytics_events').columns(['name', 'created_at']).execute();

  await db.schema
    .createTable('workflows')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('last_run_status', 'varchar(16)')
    .addColumn('last_run_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workflows_user_updated').on('workflows').columns(['user_id', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['workflows', 'analytics_events', 'notification_subscriptions', 'password_resets', 'sessions', 'identities', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
