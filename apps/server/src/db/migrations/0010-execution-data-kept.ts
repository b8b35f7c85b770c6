import type { Kysely } from 'kysely';

/**
 * How much of an execution was kept (`all`, `outputs`, `summary`: core's run-data.ts): a
 * successful run of a workflow set to keep less stores less, and the history says so
 * ("not kept") rather than showing empty values. Rows from before keep everything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('executions')
    .addColumn('data_kept', 'varchar(16)', (column) => column.notNull().defaultTo('all'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('data_kept').execute();
}
