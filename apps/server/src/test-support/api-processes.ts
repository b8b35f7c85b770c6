import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type PrivateRedis, startPrivateRedis } from './private-redis.js';
import { createWeftPlace, removeWeftPlace, type WeftPlace } from './restartable-weft.js';
import { type SourceWeft, startSourceWeft } from './source-weft.js';
import { TEST_DATABASE_URL } from './test-weft.js';

/**
 * Scale-out API processes as real processes (`weft start` from the sources, killable with
 * SIGKILL, startable under another clock), on a PostgreSQL schema of the test's own and a
 * private Redis. No worker: runs stay queued, which is all a test of the scheduler needs
 * (a tick's run exists once its execution row does). scale-out-weft.ts does the same inside
 * the test process, where a kill or another clock cannot be had.
 */
export interface ApiProcesses {
  /** The PostgreSQL schema the processes share. */
  readonly schema: string;
  /** The test's own connection to that schema. */
  readonly db: Kysely<Database>;
  /** Another API process; `env` adds to (or overrides) the shared settings. */
  start(env?: Record<string, string>): Promise<SourceWeft>;
  /** PostgreSQL's clock, the one ticks are judged by. */
  databaseNow(): Promise<Date>;
  close(): Promise<void>;
}

export async function startApiProcesses(env: Record<string, string> = {}): Promise<ApiProcesses> {
  const place: WeftPlace = await createWeftPlace('postgres');
  const schema = place.schema as string;
  const redis: PrivateRedis = await startPrivateRedis();
  // A spawned process has no pgSchema option: the schema goes in the URL, as an operator's would.
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const shared = {
    DATABASE_URL: url.toString(),
    REDIS_URL: redis.url,
    WEFT_REDIS_PREFIX: `wt-${randomBytes(5).toString('hex')}`,
    WEFT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WEFT_ALLOW_PRIVATE_NETWORK: '1',
    ...env,
  };
  const handle: DatabaseHandle = openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: place.dataDir, pgSchema: schema });
  const processes: SourceWeft[] = [];
  const dirs: string[] = [];
  return {
    schema,
    db: handle.db,
    async start(extra = {}) {
      // Each process its own data folder, as on its own machine.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-api-'));
      dirs.push(dataDir);
      const weft = await startSourceWeft({ dataDir, env: { ...shared, ...extra } });
      processes.push(weft);
      return weft;
    },
    async databaseNow() {
      const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(handle.db);
      return new Date((rows[0] as { now: Date }).now);
    },
    async close() {
      await Promise.all(processes.map((weft) => weft.kill()));
      await handle.close();
      await redis.stop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      removeWeftPlace(place);
    },
  };
}
