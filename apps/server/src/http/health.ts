import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { type Lifecycle, RETRY_AFTER_SECONDS, ShuttingDownError } from '../platform/lifecycle.js';

/** A check that takes longer than this counts as failed: a health answer must come quickly. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * Health is polled (load balancers, every few seconds, from several places at once): one
 * write probe serves every answer for this long, and one still under way serves them all,
 * so polling costs at most one small write (one fsync on SQLite) a second.
 */
const PROBE_REUSE_MS = 1000;

export interface HealthDeps {
  db: Kysely<Database>;
  lifecycle: Lifecycle;
  /** Scale-out: PING to Redis; undefined in embedded mode. */
  pingRedis?: () => Promise<unknown>;
}

async function check(probe: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/api/health` is a readiness answer: 200 when the database takes a write (and Redis in
 * scale-out mode answers), 503 naming what does not, and 503 while the process stops. During a stop every
 * API and webhook request gets 503 with `Retry-After`, so load balancers and clients retry
 * elsewhere or later instead of seeing a 500.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!deps.lifecycle.stopping) return;
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/hooks/')) return;
    reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close');
    throw new ShuttingDownError();
  });

  let probe: { at: number; done: boolean; result: Promise<unknown> } | undefined;
  const probeDatabase = (): Promise<unknown> => {
    const now = performance.now();
    if (probe && (!probe.done || now - probe.at < PROBE_REUSE_MS)) return probe.result;
    const write = deps.lifecycle.probeWrite;
    const current = { at: now, done: false, result: write ? write() : sql`SELECT 1`.execute(deps.db) };
    void current.result.then(
      () => {
        current.done = true;
      },
      () => {
        current.done = true;
      },
    );
    probe = current;
    return current.result;
  };

  app.get('/api/health', async (_request, reply) => {
    // The file deleted or replaced, or its disk full; then whether a write really lands.
    const fileProblem = deps.lifecycle.storageProblem();
    const database = fileProblem ? `error: ${fileProblem}` : await check(probeDatabase);
    const redis = deps.pingRedis ? await check(deps.pingRedis) : undefined;
    const ok = database === 'ok' && (redis === undefined || redis === 'ok');
    if (!ok) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { ok, database, ...(redis === undefined ? {} : { redis }) };
  });
}
