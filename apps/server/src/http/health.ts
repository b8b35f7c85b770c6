import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { type Lifecycle, RETRY_AFTER_SECONDS, ShuttingDownError } from '../services/lifecycle.js';

/** A check that takes longer than this counts as failed: a health answer must come quickly. */
const CHECK_TIMEOUT_MS = 2000;

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
 * `/api/health` is a readiness answer: 200 when the database (and Redis in scale-out mode)
 * answer, 503 naming what does not, and 503 while the process stops. During a stop every
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

  app.get('/api/health', async (_request, reply) => {
    const fileProblem = deps.lifecycle.storageProblem();
    const database = fileProblem ? `error: ${fileProblem}` : await check(() => sql`SELECT 1`.execute(deps.db));
    const redis = deps.pingRedis ? await check(deps.pingRedis) : undefined;
    const ok = database === 'ok' && (redis === undefined || redis === 'ok');
    if (!ok) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { ok, database, ...(redis === undefined ? {} : { redis }) };
  });
}
