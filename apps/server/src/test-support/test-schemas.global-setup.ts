import pg from 'pg';

const URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Drops every test schema (`t_…`) before and after a vitest run. Test files leave their
 * schema in place while others run (see test-weft.ts), and a killed run leaves its own.
 * Without PostgreSQL there is nothing to sweep; the suites themselves report that.
 */
async function dropTestSchemas(): Promise<void> {
  const client = new pg.Client({ connectionString: URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return;
  }
  try {
    const { rows } = await client.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_%'");
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<void> {
  await dropTestSchemas();
}

export async function teardown(): Promise<void> {
  await dropTestSchemas();
}
