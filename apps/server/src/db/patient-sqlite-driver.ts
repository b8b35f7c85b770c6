import { CompiledQuery, type DatabaseConnection, type QueryResult, SqliteDriver } from 'kysely';

/** How long a statement keeps trying while another process holds SQLite's write lock. */
export const BUSY_BUDGET_MS = 5_000;
const FIRST_WAIT_MS = 2;
const LONGEST_WAIT_MS = 50;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * better-sqlite3 is synchronous: with a busy timeout, a statement waiting for another
 * process's write lock (a backup tool, `sqlite3` in a terminal, a second Weft pointed at
 * the same file) blocks the whole event loop for as long as it waits, and every request
 * with it. So the database is opened with `busy_timeout = 0`, and this driver waits
 * between attempts asynchronously, letting other requests run, for up to BUSY_BUDGET_MS.
 * Transactions begin IMMEDIATE: they take the write lock at BEGIN (where waiting is safe)
 * rather than upgrading a read halfway, which another writer can make impossible.
 */
export class PatientSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return patient(await super.acquireConnection());
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function patient(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: <R>(query: CompiledQuery) => untilFree(() => connection.executeQuery<R>(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

async function untilFree<R>(attempt: () => Promise<QueryResult<R>>): Promise<QueryResult<R>> {
  const deadline = performance.now() + BUSY_BUDGET_MS;
  let wait = FIRST_WAIT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(LONGEST_WAIT_MS, wait * 2);
    }
  }
}
