import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { loggerOptions } from './logger.js';
import type { RunDependencies } from './runs/run-dependencies.js';
import { openSecretsKey } from './secrets/secrets-key.js';
import { type Clock, systemClock } from './services/clock.js';
import { createServices, type Services } from './services/services.js';

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
}

/** Opens the database, applies migrations and builds the app: everything but listen(). */
export async function createWeft(options: CreateWeftOptions): Promise<Weft> {
  const { config } = options;
  const logger = options.logger ?? pino(loggerOptions(config.logLevel));
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: options.pgSchema });
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
    reclaimSpace: database.reclaimSpace,
    ...(options.runDependencies ? { runDependencies: options.runDependencies } : {}),
  });
  try {
    // Nothing stays "running" after a crash: what the last process left is marked failed.
    await services.runs.recoverOrphans();
  } catch (error) {
    await database.close();
    throw error;
  }
  services.runs.startMaintenance();
  const app = await buildApp({ config, services, logger });
  return {
    app,
    services,
    database,
    async close() {
      // Runs end first (stored as stopped) while the database is still open.
      await services.runs.close();
      await app.close();
      await services.sandbox.close();
      await services.outbound.close();
      await database.close();
    },
  };
}
