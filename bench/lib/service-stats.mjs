/**
 * What PostgreSQL and Redis did between two readings, per stored run: the numbers
 * bench:scale-out puts beside each measurement (and docs/ARCHITECTURE.md's capacity model
 * is built from).
 */

const DATABASE_COUNTERS = [
  'xact_commit',
  'xact_rollback',
  'tup_inserted',
  'tup_updated',
  'tup_deleted',
  'tup_fetched',
  'tup_returned',
  'blks_hit',
  'blks_read',
];

/**
 * PostgreSQL's counters for `database` (pg_stat_database) and the whole server's WAL
 * (pg_stat_wal). Backends publish these when idle, at most every 10 s
 * (PGSTAT_IDLE_INTERVAL), so a reading taken right after a burst can miss part of it:
 * the harness waits that long before the reading that closes a measurement.
 */
export async function postgresCounters(pg, database) {
  const { rows } = await pg.query(`SELECT ${DATABASE_COUNTERS.join(', ')} FROM pg_stat_database WHERE datname = $1`, [database]);
  const wal = (await pg.query('SELECT wal_records, wal_bytes, wal_sync, wal_write FROM pg_stat_wal')).rows[0];
  const out = {};
  for (const key of DATABASE_COUNTERS) out[key] = Number(rows[0]?.[key] ?? 0);
  for (const key of Object.keys(wal)) out[key] = Number(wal[key]);
  return out;
}

/** Statement counts start from zero (pg_stat_statements keeps them in shared memory at once, no delay). */
export async function resetStatements(pg) {
  await pg.query('SELECT pg_stat_statements_reset()');
}

/** Each statement run on `database` since the reset: calls and rows per run, its mean time; most called first. */
export async function statementsPerRun(pg, database, runs, top = 12) {
  const { rows } = await pg.query(
    `SELECT query, calls, rows, total_exec_time FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY calls DESC`,
    [database],
  );
  const calls = rows.reduce((sum, r) => sum + Number(r.calls), 0);
  const execMs = rows.reduce((sum, r) => sum + Number(r.total_exec_time), 0);
  return {
    callsPerRun: round2(calls / runs),
    execMsPerRun: round3(execMs / runs),
    top: rows.slice(0, top).map((r) => ({
      perRun: round2(Number(r.calls) / runs),
      rowsPerRun: round2(Number(r.rows) / runs),
      meanMs: round3(Number(r.total_exec_time) / Number(r.calls)),
      query: r.query.replace(/\s+/g, ' ').slice(0, 140),
    })),
  };
}

/** The difference of two postgresCounters readings, per run. */
export function countersPerRun(before, after, runs) {
  const out = {};
  for (const key of Object.keys(after)) out[key] = round2((after[key] - (before[key] ?? 0)) / runs);
  return out;
}

/** Redis's per-command counts start from zero (CONFIG RESETSTAT). */
export async function resetRedisStats(redis) {
  await redis.call('CONFIG', 'RESETSTAT');
}

/** Redis commands since the reset (INFO commandstats), per run: the total and each command, most first. */
export async function redisCommandsPerRun(redis, runs) {
  const info = await redis.info('commandstats');
  const commands = [];
  for (const line of info.split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line.trim());
    if (match) commands.push({ command: match[1], calls: Number(match[2]), usec: Number(match[3]) });
  }
  commands.sort((a, b) => b.calls - a.calls);
  const calls = commands.reduce((sum, c) => sum + c.calls, 0);
  const usec = commands.reduce((sum, c) => sum + c.usec, 0);
  return {
    callsPerRun: round2(calls / runs),
    // Time inside the commands (Redis's own accounting), not the whole server's CPU.
    commandUsPerRun: round2(usec / runs),
    byCommand: Object.fromEntries(commands.map((c) => [c.command, round2(c.calls / runs)])),
  };
}

const round2 = (x) => Math.round(x * 100) / 100;
const round3 = (x) => Math.round(x * 1000) / 1000;
