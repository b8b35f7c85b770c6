import type { Kysely } from 'kysely';

/**
 * Scheduler leases (issue 21, docs/SCHEDULES.md "Handing over"): a pending tick names the
 * scheduler process that claimed it (`claimed_by`), and a process holding pending ticks
 * keeps a row here whose `expires_at` it moves on every second, by the database's clock.
 * A pending tick whose claimer has no live row was left by a process that died, and
 * another takes it at once rather than after a fixed 30 s. Ticks claimed before this
 * migration (no claimer) keep the old rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduler_leases')
    .addColumn('process_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('schedule_ticks').addColumn('claimed_by', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schedule_ticks').dropColumn('claimed_by').execute();
  await db.schema.dropTable('scheduler_leases').execute();
}
