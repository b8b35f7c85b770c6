import type { Kysely } from 'kysely';

/**
 * Schedules (SPEC.md §7) and the ledger of their ticks. The ledger's unique
 * (schedule, instant) key is what makes a tick fire once however many processes look at
 * it; executions remember which schedule and instant started them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Deleting a workflow deletes its schedules.
    .addColumn('workflow_id', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // cron | interval | once, with exactly one of the three columns below set.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('cron', 'varchar(200)')
    .addColumn('interval_seconds', 'integer')
    .addColumn('run_at', 'varchar(32)')
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    // JSON: run inputs by node id.
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('overlap_policy', 'varchar(16)', (c) => c.notNull())
    .addColumn('catch_up_policy', 'varchar(16)', (c) => c.notNull())
    .addColumn('start_at', 'varchar(32)')
    .addColumn('end_at', 'varchar(32)')
    // The next instant due (ISO, UTC); null when the schedule has no more. Claimed by a
    // conditional UPDATE, so only one process acts on each value.
    .addColumn('next_fire_at', 'varchar(32)')
    // Where intervals count from when there is no start date.
    .addColumn('anchor_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedules_user_created').on('schedules').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('schedules_workflow').on('schedules').column('workflow_id').execute();
  await db.schema.createIndex('schedules_due').on('schedules').columns(['enabled', 'next_fire_at']).execute();

  await db.schema
    .createTable('schedule_ticks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('schedule_id', 'varchar(36)', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('scheduled_for', 'varchar(32)', (c) => c.notNull())
    // pending (claimed, being started) | started | skipped | missed | failed | waiting (queued
    // behind the schedule's previous run). A pending row left by a process that died is
    // finished by the next scheduler pass; the execution's idempotency key keeps it single.
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(36)')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('schedule_ticks_once', ['schedule_id', 'scheduled_for'])
    .execute();
  await db.schema.createIndex('schedule_ticks_outcome').on('schedule_ticks').columns(['outcome', 'created_at']).execute();

  await db.schema.alterTable('executions').addColumn('schedule_id', 'varchar(36)').execute();
  await db.schema.alterTable('executions').addColumn('scheduled_for', 'varchar(32)').execute();
  await db.schema.createIndex('executions_schedule_created').on('executions').columns(['schedule_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('executions_schedule_created').execute();
  await db.schema.alterTable('executions').dropColumn('scheduled_for').execute();
  await db.schema.alterTable('executions').dropColumn('schedule_id').execute();
  await db.schema.dropTable('schedule_ticks').execute();
  await db.schema.dropTable('schedules').execute();
}
