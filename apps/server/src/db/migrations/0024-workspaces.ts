import { type Kysely, sql } from 'kysely';

/**
 * Workspaces (issue 25, Teams): a workspace has members with a role each, and people are
 * invited to one by e-mail. Every user gets a personal workspace whose id is the user's id,
 * so rows keyed by a user id already name their personal workspace. `personal_user_id`
 * ties a personal workspace to its user (deleting the account deletes it; unique: one per
 * user); it is null for a team workspace. An invitation's token is stored as its SHA-256,
 * like reset tokens and sessions; `accepted_at` makes it work once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('personal_user_id', 'varchar(36)', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  // "My workspaces" reads by user; the primary key serves a workspace's members.
  await db.schema.createIndex('workspace_members_user').on('workspace_members').column('user_id').execute();

  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('invited_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('accepted_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('workspace_invitations_workspace').on('workspace_invitations').columns(['workspace_id', 'accepted_at']).execute();

  // Every account made before this gets its personal workspace, owned by it.
  await sql`INSERT INTO workspaces (id, name, kind, personal_user_id, created_at, updated_at)
    SELECT id, 'Personal', 'personal', id, created_at, created_at FROM users`.execute(db);
  await sql`INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
    SELECT id, id, 'owner', created_at FROM users`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_invitations').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}
