import { type Kysely, sql } from 'kysely';

/**
 * Temporal's schedule policies (issue 21, docs/SCHEDULES.md): the overlap policies take
 * Temporal's names (the first release's `queue` and `allow` become `buffer_one` and
 * `allow_all`), each schedule gets its own catch-up window (null: the server's grace),
 * a pause after N failed runs in a row, jitter, and a person's note when pausing.
 * `next_jitter_ms` is how far the stored `next_fire_at` lies after the instant it stands
 * for, so the claim (which compares `next_fire_at`) and the plan (which needs the instant)
 * agree on every process. Ticks say where they came from (the timing, "trigger now", a
 * backfill) and may carry their own overlap policy (a backfill's or a trigger's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schedules').addColumn('catch_up_window_seconds', 'integer').execute();
  await db.schema
    .alterTable('schedules')
    .addColumn('pause_after_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('schedules')
    .addColumn('jitter_seconds', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('schedules')
    .addColumn('next_jitter_ms', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('schedules').addColumn('pause_note', 'text').execute();
  await sql`UPDATE schedules SET overlap_policy = 'buffer_one' WHERE overlap_policy = 'queue'`.execute(db);
  await sql`UPDATE schedules SET overlap_policy = 'allow_all' WHERE overlap_policy = 'allow'`.execute(db);
  await db.schema
    .alterTable('schedule_ticks')
    .addColumn('source', 'varchar(16)', (column) => column.notNull().defaultTo('schedule'))
    .execute();
  await db.schema.alterTable('schedule_ticks').addColumn('overlap_policy', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schedule_ticks').dropColumn('overlap_policy').execute();
  await db.schema.alterTable('schedule_ticks').dropColumn('source').execute();
  await sql`UPDATE schedules SET overlap_policy = 'queue' WHERE overlap_policy IN ('buffer_one', 'buffer_all')`.execute(db);
  await sql`UPDATE schedules SET overlap_policy = 'allow' WHERE overlap_policy IN ('allow_all', 'cancel_other')`.execute(db);
  for (const column of ['pause_note', 'next_jitter_ms', 'jitter_seconds', 'pause_after_failures', 'catch_up_window_seconds']) {
    await db.schema.alterTable('schedules').dropColumn(column).execute();
  }
}
