import type { Config } from '../config.js';

// Kept apart from scale-out.ts so that deciding the mode, and naming Redis in a log line,
// does not import BullMQ and ioredis: an embedded instance never loads them
// (bench/cold-start.bench.mjs).

/**
 * Whether the settings ask for scale-out mode, refusing the combination that cannot work:
 * Redis with SQLite, a file only the processes of one machine could share.
 */
export function isScaleOut(config: Pick<Config, 'redisUrl' | 'databaseUrl'>): boolean {
  if (!config.redisUrl) return false;
  if (!config.databaseUrl) {
    throw new Error(
      'REDIS_URL is set, which turns on scale-out mode, but DATABASE_URL is not: scale-out needs PostgreSQL, because API and worker processes share one database and SQLite is a file on one machine. Set DATABASE_URL to a postgres:// URL, or unset REDIS_URL to run embedded (one process, SQLite).',
    );
  }
  return true;
}

/** The Redis URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL (not a URL)';
  }
}
