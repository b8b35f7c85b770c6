import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Token use and cost per run (issue 23, "Costs are invisible until the bill comes"): the
 * run's totals in columns of their own beside the `usage` JSON, written by the same one
 * UPDATE that ends a run, so the history lists them without parsing JSON and a workflow's
 * totals are one indexed SUM. `cost_usd` is null when no call's price was known;
 * `cost_incomplete` 1 when some call's was not (its tokens are counted, its cost is not).
 * Runs stored before get their tokens from `usage` and count as incomplete: their cost was
 * never worked out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').addColumn('input_tokens', 'integer').execute();
  await db.schema.alterTable('executions').addColumn('output_tokens', 'integer').execute();
  await db.schema.alterTable('executions').addColumn('cost_usd', 'double precision').execute();
  await db.schema
    .alterTable('executions')
    .addColumn('cost_incomplete', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // The JSON's numbers, read by each database's own JSON functions.
  const tokens =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (key: string) => sql`(usage::json->>${sql.lit(key)})::integer`
      : (key: string) => sql`json_extract(usage, ${sql.lit(`$.${key}`)})`;
  const [input, output] = [tokens('inputTokens'), tokens('outputTokens')];
  await sql`UPDATE executions SET input_tokens = ${input}, output_tokens = ${output}, cost_incomplete = 1 WHERE usage IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['cost_incomplete', 'cost_usd', 'output_tokens', 'input_tokens']) {
    await db.schema.alterTable('executions').dropColumn(column).execute();
  }
}
