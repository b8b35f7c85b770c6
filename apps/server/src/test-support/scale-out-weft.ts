import { randomBytes } from 'node:crypto';
import type { NodePackage } from '@weft/nodes';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createWeft, createWeftWorker, type Weft, type WeftWorker } from '../main.js';
import type { Clock } from '../platform/clock.js';
import type { RunDependencies } from '../runs/run-dependencies.js';
import { createWeftPlace, placeConfig, removeWeftPlace, type WeftPlace } from './restartable-weft.js';
import type { RunBackendSetup, RunBackendUnderTest } from './run-backend-contract.js';
import { TEST_DATABASE_URL } from './test-weft.js';

/** Redis for the scale-out suites; CI and the project's machines run one on 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * One scale-out cluster in the test process: a PostgreSQL schema and a Redis prefix of
 * its own (so files running in parallel never see each other's jobs or channels), an API
 * process and as many workers as a test starts, all with the same settings.
 */
export interface ScaleOutCluster {
  api: Weft;
  /** The first worker; `startWorker` adds more. */
  worker: WeftWorker;
  prefix: string;
  /** Another worker; `clock` gives it a clock of its own (a machine whose clock is off). */
  startWorker(options?: { clock?: Clock }): Promise<WeftWorker>;
  /** Another API process on the same database and Redis. */
  startApi(): Promise<Weft>;
  close(): Promise<void>;
}

export interface ScaleOutClusterOptions {
  runDependencies?: Partial<RunDependencies>;
  /** Node types of the test's own, installed as a package in every process. */
  nodePackages?: readonly NodePackage[];
  env?: Record<string, string>;
  /** A PostgreSQL of the test's own (fault tests that stall it); the shared one otherwise. */
  databaseUrl?: string;
  /** A Redis of the test's own (fault tests that stall it); the shared one otherwise. */
  redisUrl?: string;
  /** Every process logs here (silent otherwise). */
  logger?: Logger;
}

/** Fails (never skips) when PostgreSQL or Redis is missing: scale-out cannot be tested without them. */
async function requireServers(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    throw new Error(`Scale-out tests need PostgreSQL at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL): ${String(error)}`);
  }
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.quit();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Scale-out tests need Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL): ${String(error)}`);
  }
}

export async function startScaleOutCluster(options: ScaleOutClusterOptions = {}): Promise<ScaleOutCluster> {
  await requireServers();
  // A private PostgreSQL is the test's alone: its public schema, no schema of our own.
  const place: WeftPlace = await createWeftPlace(options.databaseUrl ? 'sqlite' : 'postgres');
  const prefix = `wt-${randomBytes(5).toString('hex')}`;
  const config = placeConfig(place, {
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    REDIS_URL: options.redisUrl ?? TEST_REDIS_URL,
    WEFT_REDIS_PREFIX: prefix,
    // Processes on several machines share the key through the environment, not a file.
    WEFT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WEFT_ALLOW_PRIVATE_NETWORK: '1',
    ...options.env,
  });
  const common = {
    config,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(place.schema ? { pgSchema: place.schema } : {}),
    ...(options.runDependencies ? { runDependencies: options.runDependencies } : {}),
    ...(options.nodePackages ? { nodePackages: options.nodePackages } : {}),
  };
  const api = await createWeft(common);
  const apis: Weft[] = [api];
  const startApi = async () => {
    const another = await createWeft(common);
    apis.push(another);
    return another;
  };
  const workers: WeftWorker[] = [];
  const startWorker = async (overrides: { clock?: Clock } = {}) => {
    const worker = await createWeftWorker({ ...common, ...overrides });
    workers.push(worker);
    return worker;
  };
  const worker = await startWorker();
  return {
    api,
    worker,
    prefix,
    startWorker,
    startApi,
    async close() {
      await Promise.all(workers.map((each) => each.close()));
      for (const each of apis) await each.close();
      if (!options.redisUrl) await deleteKeys(prefix);
      removeWeftPlace(place);
    },
  };
}

/** A cluster per describe block, closed (and its Redis keys deleted) afterwards. */
export function useScaleOutCluster(options: ScaleOutClusterOptions = {}): () => ScaleOutCluster {
  let cluster: ScaleOutCluster | undefined;
  beforeAll(async () => {
    cluster = await startScaleOutCluster(options);
  });
  afterAll(async () => {
    await cluster?.close();
  });
  return () => {
    if (!cluster) throw new Error('scale-out cluster not started');
    return cluster;
  };
}

/** Every Redis key under `prefix` (events, BullMQ's queue): gone, so test runs leave nothing behind. */
export async function deleteKeys(prefix: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await redis.quit();
  }
}

/**
 * Scale-out mode for the run-backend contract: an API process and a worker; a crash is the
 * worker abandoned (a new one takes its place) and the API's sweep, on 100 ms heartbeats,
 * ends what it ran.
 */
export async function startScaleOutRunBackend(setup: RunBackendSetup): Promise<RunBackendUnderTest> {
  const cluster = await startScaleOutCluster({ env: { ...setup.env, WEFT_RUN_HEARTBEAT_MS: '100' }, nodePackages: setup.nodePackages });
  let worker = cluster.worker;
  return {
    api: cluster.api,
    async crashRunner() {
      await worker.abandon();
      worker = await cluster.startWorker();
    },
    close: () => cluster.close(),
  };
}
