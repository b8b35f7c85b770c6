import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { type Config, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createWeft, type Weft } from '../main.js';
import type { Clock } from '../platform/clock.js';
import { newTestSchemaName, TEST_DATABASE_URL, type TestDatabase } from './test-weft.js';

/**
 * One database and data folder that outlive a Weft, for tests that stop and start it
 * again (key files, the canary, `weft rotate-key`). startTestWeft makes a new place each time.
 */
export interface WeftPlace {
  database: TestDatabase;
  dataDir: string;
  /** PostgreSQL schema; swept with the others when the run ends. */
  schema: string | undefined;
}

export async function createWeftPlace(database: TestDatabase): Promise<WeftPlace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-place-'));
  if (database === 'sqlite') return { database, dataDir, schema: undefined };
  const schema = newTestSchemaName();
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return { database, dataDir, schema };
}

export function removeWeftPlace(place: WeftPlace): void {
  fs.rmSync(place.dataDir, { recursive: true, force: true });
}

/** A new place for each test of the suite, removed after it; `keyFile` is where Weft keeps its encryption key there. */
export function useWeftPlace(database: TestDatabase): { place: () => WeftPlace; keyFile: () => string } {
  let current: WeftPlace | undefined;
  beforeEach(async () => {
    current = await createWeftPlace(database);
  });
  afterEach(() => {
    if (current) removeWeftPlace(current);
  });
  const place = () => {
    if (!current) throw new Error('useWeftPlace: the place exists only inside a test');
    return current;
  };
  return { place, keyFile: () => path.join(place().dataDir, 'encryption.key') };
}

export function placeConfig(place: WeftPlace, env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      DATA_DIR: place.dataDir,
      WEB_DIR: path.join(place.dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '1000',
      ...(place.database === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
      ...env,
    },
    place.dataDir,
  );
}

/** Starts a Weft on the place; close it before starting another on the same SQLite file. */
export function startWeftAt(place: WeftPlace, options: { env?: Record<string, string>; logger?: Logger; clock?: Clock } = {}): Promise<Weft> {
  return createWeft({
    config: placeConfig(place, options.env),
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(place.schema ? { pgSchema: place.schema } : {}),
  });
}

/** The place's database, migrated, without a Weft around it (what `weft rotate-key` opens). */
export async function openPlaceDatabase(place: WeftPlace): Promise<DatabaseHandle> {
  const handle = openDatabase({
    databaseUrl: place.database === 'postgres' ? TEST_DATABASE_URL : undefined,
    dataDir: place.dataDir,
    ...(place.schema ? { pgSchema: place.schema } : {}),
  });
  await migrateToLatest(handle.db, place.schema);
  return handle;
}

/**
 * What a killed server leaves behind, in the test process: its timers stop and its database
 * and child processes close, but its runs stay in memory as they are and store nothing.
 * Only what never ends them (a gate left shut) may run in it afterwards.
 */
export async function abandonWeft(weft: Weft): Promise<void> {
  await weft.services.scheduler.stop();
  await weft.services.runs.stopMaintenance();
  await weft.app.close();
  await weft.services.sandbox.close();
  await weft.services.contentWork.close();
  await weft.services.outbound.close();
  await weft.database.close();
}
