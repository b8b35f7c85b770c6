/**
 * PostgreSQL SQLSTATEs and socket errors that mean "the database is not there right now"
 * (restarting, shutting down, unreachable), not "this query is wrong": 57P01-03
 * admin/crash shutdown and cannot-connect-now, class 08 connection exceptions.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'SQLITE_BUSY',
]);

/**
 * Whether a failure is the database being away (a restart, a lock held by another process
 * too long) rather than a bug: such requests are answered 503 with Retry-After, since the
 * same request will work once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // pg's own wording when the server ends a connection mid-query or the pool cannot connect.
    if (/Connection terminated|timeout exceeded when trying to connect/.test(cause.message)) return true;
  }
  return false;
}
