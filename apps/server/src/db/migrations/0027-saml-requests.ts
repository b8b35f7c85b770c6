import type { Kysely } from 'kysely';

/**
 * SAML sign-ins in flight (issue 25): the ID of each AuthnRequest Weft sent, until its
 * response comes back or it expires. The ACS accepts a response only `InResponseTo` a row
 * here and deletes the row in the same step, so a response cannot be used twice, on this
 * process or any other sharing the database. `expires_at` lets start-ups of sign-ins prune
 * the abandoned ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saml_requests')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saml_requests_expires').on('saml_requests').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saml_requests').execute();
}
