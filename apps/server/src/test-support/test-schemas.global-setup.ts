import pg from 'pg';
import { processAlive } from './process-alive.js';

const URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Test schemas are named `t_<pid>_<random>`, the pid being this vitest run's main process
 * (handed to the test workers in `WEFT_TEST_RUN_PID`). Test files leave their schema in
 * place while others run (see test-weft.ts); this drops them: before the run, the schemas
 * of runs whose process is gone (killed runs); after it, the run's own. Weft reads only its
 * own schema (db/one-schema-introspector.ts), so two runs can share one PostgreSQL.
 * Without PostgreSQL there is nothing to sweep; the suites themselves report that.
 */
async function dropTestSchemas(which: (pid: number) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return;
  }
  try {
    const { rows } = await client.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_%'");
    const schemas = rows.map(({ nspname }) => ({ nspname, pid: Number(/^t_(\d+)_/.exec(nspname)?.[1] ?? 0) }));
    for (const { nspname, pid } of schemas) {
      if (which(pid)) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    }
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<void> {
  process.env.WEFT_TEST_RUN_PID = String(process.pid);
  await dropTestSchemas((pid) => pid !== process.pid && !processAlive(pid));
}

export async function teardown(): Promise<void> {
  await dropTestSchemas((pid) => pid === process.pid);
}
