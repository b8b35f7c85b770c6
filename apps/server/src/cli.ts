#!/usr/bin/env node
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loggerOptions } from './logger.js';
import { createWeft, createWeftWorker } from './main.js';
import { redactUrl } from './scale-out/scale-out-mode.js';
import { describeRotation, rotateEncryptionKey } from './secrets/rotate-key.js';

const USAGE = `Usage: weft <command>

Commands:
  start     migrate the database and serve the app and API (default). With
            REDIS_URL and a PostgreSQL DATABASE_URL (scale-out mode) it queues
            runs for \`weft worker\` processes instead of running them
  worker    scale-out mode only: run the workflows that API processes queue,
            WEFT_RUN_CONCURRENCY at a time; serves no HTTP
  migrate   apply pending database migrations and exit
  rotate-key
            re-encrypt every secret under a new key (stop Weft first). The new key
            comes from WEFT_NEW_ENCRYPTION_KEY or is generated; the key file is
            replaced (old key kept as encryption.key.old), or, with
            WEFT_ENCRYPTION_KEY, you are told to set the new key there
`;

/** On the first SIGINT or SIGTERM: logs `message`, closes what `start` or `worker` opened, then exits. */
function closeOnSignal(logger: pino.Logger, message: string, close: () => Promise<void>): void {
  const shutdown = async (signal: string) => {
    logger.info({ signal }, message);
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'start';
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel));
  switch (command) {
    case 'start': {
      const weft = await createWeft({ config, logger });
      closeOnSignal(logger, 'shutting down', () => weft.close());
      await weft.app.listen({ port: config.port, host: config.host });
      logger.info({ url: config.publicUrl, database: weft.database.dialect }, `Weft is running at ${config.publicUrl}`);
      const scaleOut = weft.services.scaleOut;
      if (scaleOut) {
        // Runs queued with no worker wait as `queued`: say so at once rather than leave people guessing.
        const workers = await scaleOut.queue.workerCount().catch(() => undefined);
        logger.info({ redis: redactUrl(config.redisUrl as string), workers }, 'Scale-out mode: runs are queued for `weft worker` processes');
        if (workers === 0) logger.warn('No `weft worker` is connected yet: runs stay queued until one starts');
      }
      return -1;
    }
    case 'worker': {
      const worker = await createWeftWorker({ config, logger });
      closeOnSignal(logger, 'worker shutting down', () => worker.close());
      logger.info(
        { runnerId: worker.runnerId, concurrency: config.runConcurrency, redis: redactUrl(config.redisUrl as string) },
        `Weft worker ${worker.runnerId} is taking runs (${config.runConcurrency} at a time)`,
      );
      return -1;
    }
    case 'migrate': {
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const applied = await migrateToLatest(database.db);
      await database.close();
      logger.info({ applied }, applied.length ? `Applied ${applied.length} migration(s)` : 'Database is up to date');
      return 0;
    }
    case 'rotate-key': {
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        await migrateToLatest(database.db);
        const report = await rotateEncryptionKey({
          db: database.db,
          dialect: database.dialect,
          dataDir: config.dataDir,
          envKey: config.encryptionKey,
          newEnvKey: process.env.WEFT_NEW_ENCRYPTION_KEY?.trim() || undefined,
          logger,
        });
        // stdout, not the logger: this is the operator's terminal, and a generated key must reach them.
        process.stdout.write(describeRotation(report));
      } finally {
        await database.close();
      }
      return 0;
    }
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`weft: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
