import type { Kysely } from 'kysely';

/**
 * Replays (docs/ARCHITECTURE.md "Iterating on a workflow"): an execution started from a
 * past one's inputs names it, so the history can say "replay of …" and link back. No
 * foreign key: the original may be deleted by retention while its replays stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').addColumn('replay_of', 'varchar(36)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('replay_of').execute();
}
