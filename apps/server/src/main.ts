import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { loggerOptions } from './logger.js';
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
}

/** Opens the database, applies migrations and builds the app: everything but listen(). */
export async function createWeft(options: CreateWeftOptions): Promise<Weft> {
  const { config } = options;
  const logger = options.logger ?? pino(loggerOptions(config.logLevel));
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: options.pgSchema });
  try {
    await migrateToLatest(database.db, options.pgSchema);
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = createServices({ db: database.db, dialect: database.dialect, config, clock: options.clock ?? systemClock, logger });
  const app = await buildApp({ config, services, logger });
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
