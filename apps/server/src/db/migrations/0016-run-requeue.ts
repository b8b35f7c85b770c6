import type { Kysely } from 'kysely';

/**
 * Queued again from the database (issue 21, apps/server/src/scale-out/README.md): a
 * scale-out run whose BullMQ job was never added or was lost with Redis' data is handed to
 * the workers again, rebuilt from its row, instead of being failed.
 *
 * `rebuild_inputs` says where such a rebuild takes the run inputs from: `stored` (the row's
 * `inputs` are the inputs exactly as given: nothing masked or cut) or `schedule` (its
 * schedule's stored inputs, what every tick runs with). NULL: the job cannot be rebuilt
 * (the stored inputs are masked or cut copies, or "Run this node" fed it earlier outputs
 * that are not kept), so such a run is failed as before. No secret is stored by this: the
 * flag only says the row already holds the real inputs. Rows from before read as NULL.
 * `requeues` counts how often it was queued again, to bound it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').addColumn('rebuild_inputs', 'varchar(16)').execute();
  await db.schema
    .alterTable('executions')
    .addColumn('requeues', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('requeues').execute();
  await db.schema.alterTable('executions').dropColumn('rebuild_inputs').execute();
}
