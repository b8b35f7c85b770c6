import type { NodePackage } from '@weft/nodes';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { createServices, type Services } from './composition.js';
import type { Config } from './config.js';
import { databaseFile, refuseLostDatabase, warnIfOpenToOthers } from './db/data-dir.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { loggerOptions } from './logger.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { RunDependencies } from './runs/run-dependencies.js';
import { isScaleOut } from './scale-out/scale-out-mode.js';
import { keyFilePath } from './secrets/encryption-key.js';
import { openSecretsKey } from './secrets/secrets-key.js';

export interface Weft {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface CreateWeftOptions {
  config: Config;
  logger?: Logger;
  clock?: Clock;
  /** PostgreSQL schema (tests isolate with one). */
  pgSchema?: string;
  /** Replaces parts of what runs depend on (tests add node types with it). */
  runDependencies?: Partial<RunDependencies>;
  /** Node packages installed beside the built-ins (services.ts). */
  nodePackages?: readonly NodePackage[];
}

/** Opens the database, applies migrations and builds the app: everything but listen(). */
export async function createWeft(options: CreateWeftOptions): Promise<Weft> {
  const { config } = options;
  const logger = options.logger ?? pino(loggerOptions(config.logLevel));
  const { services, database } = await openServices(options, logger);
  const app = await buildApp({ config, services, logger });
  if (config.schedulerEnabled) services.scheduler.start();
  services.audit.startPruning();
  return {
    app,
    services,
    database,
    async close() {
      // From here on requests are answered 503 with Retry-After (http/health.ts).
      services.lifecycle.stopping = true;
      // No new scheduled runs while stopping; ticks not started stay pending for the next start.
      await services.scheduler.stop();
      // Runs end first (stored as stopped) while the database is still open.
      await services.runs.close();
      await services.failureAlerts.settle();
      await services.audit.close();
      await app.close();
      await services.scaleOut?.close();
      await services.sandbox.close();
      await services.contentWork.close();
      await services.outbound.close();
      await database.close();
    },
  };
}

/** A `weft worker`: runs executions queued by API processes (scale-out mode); no HTTP server. */
export interface WeftWorker {
  services: Services;
  database: DatabaseHandle;
  /** Names this worker in the executions it runs (`runner_id`). */
  runnerId: string;
  /** Stops taking runs, ends those in hand as stopped (stored, like a server shutdown), closes. */
  close(): Promise<void>;
  /**
   * Stops dead, as a killed process would: no more heartbeats, events or writes, its runs
   * left `running` for the stale-heartbeat sweep of the other processes. For tests of that.
   */
  abandon(): Promise<void>;
}

/** Opens the database and Redis, recovers orphans and starts taking runs from the queue. */
export async function createWeftWorker(options: CreateWeftOptions): Promise<WeftWorker> {
  const { config } = options;
  if (!config.redisUrl) {
    throw new Error(
      '`weft worker` runs workflows queued by Weft API processes in scale-out mode: set REDIS_URL, and DATABASE_URL to the same PostgreSQL as the API. Without them `weft start` runs workflows itself.',
    );
  }
  const logger = options.logger ?? pino(loggerOptions(config.logLevel));
  const { services, database } = await openServices(options, logger);
  const scaleOut = services.scaleOut;
  if (!scaleOut) throw new Error('Scale-out services are missing');
  const release = async (closeDatabase = true) => {
    await services.sandbox.close();
    await services.contentWork.close();
    await services.outbound.close();
    if (closeDatabase) await database.close();
  };
  try {
    await scaleOut.startWorker(services.runWorker);
  } catch (error) {
    await services.runs.close();
    await scaleOut.close();
    await release();
    throw error;
  }
  let abandoned = false;
  let closed = false;
  return {
    services,
    database,
    runnerId: services.runs.runnerId,
    async close() {
      // A second close (a test's, then its cluster's) has nothing left to do.
      if (closed) return;
      closed = true;
      if (abandoned) return release(false);
      // Jobs in hand end as their runs are aborted and stored; then nothing more is taken.
      await Promise.all([scaleOut.stopWorker(), services.runs.close()]);
      await services.failureAlerts.settle();
      await services.audit.close();
      await scaleOut.close();
      await release();
    },
    async abandon() {
      abandoned = true;
      scaleOut.disconnect();
      await services.runs.stopMaintenance();
      // Its runs stay in memory as they are; nothing they do later reaches Redis or the database.
      await database.close();
    },
  };
}

/** What API and worker processes share: database, migrations, the secrets key, services, orphan recovery. */
async function openServices(options: CreateWeftOptions, logger: Logger): Promise<{ services: Services; database: DatabaseHandle }> {
  const { config } = options;
  // Before anything opens: Redis with SQLite stops the start, saying why. BullMQ and ioredis
  // are imported only in scale-out mode.
  const scaleOutModule = isScaleOut(config) ? await import('./scale-out/scale-out.js') : undefined;
  if (!config.databaseUrl) refuseLostDatabase(config.dataDir, keyFilePath(config.dataDir));
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgSchema: options.pgSchema,
    sqliteSynchronous: config.sqliteSynchronous,
    onConnectionLost: (error) => logger.warn({ err: error }, 'PostgreSQL closed an idle connection; the next query opens a new one'),
  });
  if (database.dialect === 'sqlite') warnIfOpenToOthers([config.dataDir, databaseFile(config.dataDir)], logger);
  if (database.vectorIndexProblem) {
    logger.warn({ problem: database.vectorIndexProblem }, 'sqlite-vec could not be loaded: vector search is off, keyword search works');
  }
  let encryptionKey: Buffer;
  try {
    await migrateToLatest(database.db, options.pgSchema);
    // Before any service: a wrong or lost key stops the start here, saying what to do.
    encryptionKey = (await openSecretsKey({ db: database.db, dataDir: config.dataDir, envKey: config.encryptionKey, logger })).key;
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = createServices({
    db: database.db,
    dialect: database.dialect,
    config,
    clock: options.clock ?? systemClock,
    logger,
    encryptionKey,
    ...(scaleOutModule ? { ScaleOut: scaleOutModule.ScaleOut } : {}),
    reclaimSpace: database.reclaimSpace,
    ...(database.vectorIndexProblem ? { vectorIndexProblem: database.vectorIndexProblem } : {}),
    ...(options.runDependencies ? { runDependencies: options.runDependencies } : {}),
    ...(options.nodePackages ? { nodePackages: options.nodePackages } : {}),
  });
  try {
    await services.scaleOut?.connect();
    // Nothing stays "running" after a crash: what the last process left is marked failed
    // (scale-out: only runs whose worker stopped heartbeating; other workers run the rest).
    await services.runs.recoverOrphans();
    // Index tables of collections deleted by cascade (an account) or left by a crash mid-delete.
    await services.vectors.dropOrphans();
  } catch (error) {
    await services.scaleOut?.close().catch(() => {});
    await database.close();
    throw error;
  }
  services.runs.startMaintenance();
  services.lifecycle.storageProblem = database.fileProblem;
  services.lifecycle.probeWrite = database.probeWrite;
  watchStorage(database, logger);
  return { services, database };
}

/** How often a process looks whether its SQLite file is still the one at its path. */
const STORAGE_CHECK_MS = 30_000;

/**
 * Says it loudly, once, when the database file is deleted or replaced under a running
 * process (`/api/health` answers 503 with the same words meanwhile).
 */
function watchStorage(database: DatabaseHandle, logger: Logger): void {
  if (database.dialect !== 'sqlite') return;
  let told = false;
  const timer = setInterval(() => {
    const problem = database.fileProblem();
    if (problem && !told) logger.error({ problem }, problem);
    told = problem !== undefined;
  }, STORAGE_CHECK_MS);
  timer.unref();
  const close = database.close;
  database.close = async () => {
    clearInterval(timer);
    await close();
  };
}
