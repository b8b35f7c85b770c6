import type { Kysely } from 'kysely';

/**
 * Runs the process died under, and schedules paused for it (docs/ARCHITECTURE.md "Runs and
 * executions"). `executions.orphaned` is 1 when the run was going when the process running
 * it died (a crash found at the next start, or a worker whose heartbeat stopped): unlike a
 * clean stop, that may be the run's own doing. `schedules.paused_reason` says why Weft
 * paused a schedule by itself (its runs kept dying with the process); resuming clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('executions')
    .addColumn('orphaned', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('schedules').addColumn('paused_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schedules').dropColumn('paused_reason').execute();
  await db.schema.alterTable('executions').dropColumn('orphaned').execute();
}
