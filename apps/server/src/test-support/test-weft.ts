import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Config, loadConfig } from '../config.js';
import { type CreateWeftOptions, createWeft, type Weft } from '../main.js';
import type { Clock } from '../platform/clock.js';

export type TestDatabase = 'sqlite' | 'postgres';

/** Every test schema starts with this, so the global setup can sweep them. */
export const TEST_SCHEMA_PREFIX = 't_';

/** A fresh schema name that the global setup knows as this run's (`t_<run pid>_<random>`). */
export function newTestSchemaName(): string {
  return `${TEST_SCHEMA_PREFIX}${process.env.WEFT_TEST_RUN_PID ?? '0'}_${Math.random().toString(36).slice(2, 10)}`;
}

/** PostgreSQL for the suites; CI and the project's machines run one on 127.0.0.1:5432. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgAvailable: Promise<boolean> | undefined;
function postgresAvailable(): Promise<boolean> {
  pgAvailable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return pgAvailable;
}

export interface TestWeftOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Defaults to a silent logger; tests of what gets logged pass their own. */
  logger?: Logger;
  /** Replaces parts of what runs depend on (a test node type that waits, say). */
  runDependencies?: CreateWeftOptions['runDependencies'];
  /** Node types of the test's own, installed as a package (run-fixtures.ts `withNodeTypes`). */
  nodePackages?: CreateWeftOptions['nodePackages'];
}

export interface TestWeft extends Weft {
  config: Config;
  dataDir: string;
  /** The PostgreSQL schema (connections are named `weft:<schema>`); undefined on SQLite. */
  pgSchema: string | undefined;
}

/**
 * A real Weft (real database, real services) for `inject()` tests. SQLite lives in a
 * temporary folder; PostgreSQL in a schema of its own, dropped when the run ends.
 */
export async function startTestWeft(database: TestDatabase, options: TestWeftOptions = {}): Promise<TestWeft> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-test-'));
  const schema = newTestSchemaName();
  if (database === 'postgres') {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '1000',
      // Test workflows call peers on 127.0.0.1 (DESIGN.md "Tests").
      WEFT_ALLOW_PRIVATE_NETWORK: '1',
      ...(database === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
      ...options.env,
    },
    dataDir,
  );
  const weft = await createWeft({
    config,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.runDependencies ? { runDependencies: options.runDependencies } : {}),
    ...(options.nodePackages ? { nodePackages: options.nodePackages } : {}),
    ...(database === 'postgres' ? { pgSchema: schema } : {}),
  });
  return {
    ...weft,
    config,
    dataDir,
    pgSchema: database === 'postgres' ? schema : undefined,
    async close() {
      await weft.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The PostgreSQL schema stays until the run ends: test-schemas.global-setup.ts drops
      // every schema of the run in one place, a killed run's at the next start.
    },
  };
}

/**
 * Runs a suite once per database. PostgreSQL is required under CI=true (a missing
 * server fails the run); elsewhere a missing server skips its half with a notice.
 */
export function describeEachDatabase(title: string, suite: (db: TestDatabase) => void): void {
  for (const database of ['sqlite', 'postgres'] as const) {
    describe(`${title} [${database}]`, () => {
      beforeAll(async () => {
        if (database !== 'postgres' || (await postgresAvailable())) return;
        if (process.env.CI) throw new Error(`PostgreSQL is required under CI but ${TEST_DATABASE_URL} is unreachable`);
        console.warn(`PostgreSQL unreachable at ${TEST_DATABASE_URL}; its tests will fail. Set TEST_DATABASE_URL.`);
      });
      suite(database);
    });
  }
}

/** A fresh Weft per describe block, closed afterwards. */
export function useTestWeft(database: TestDatabase, options: TestWeftOptions = {}): () => TestWeft {
  let weft: TestWeft | undefined;
  beforeAll(async () => {
    weft = await startTestWeft(database, options);
  });
  afterAll(async () => {
    await weft?.close();
  });
  return () => {
    if (!weft) throw new Error('test Weft not started');
    return weft;
  };
}

export interface SignedIn {
  token: string;
  csrfToken: string;
  userId: string;
  email: string;
  /** Headers for a bearer-authenticated call. */
  headers: Record<string, string>;
}

let userCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${process.pid}-${userCounter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Signs up a new user through the API and returns its credentials. */
export async function signUp(weft: Weft, overrides: { email?: string; password?: string; displayName?: string; subscribe?: boolean } = {}): Promise<SignedIn> {
  const email = overrides.email ?? uniqueEmail();
  const response = await weft.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: overrides.password ?? 'correct horse', displayName: overrides.displayName, subscribe: overrides.subscribe ?? false },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; csrfToken: string; user: { id: string } };
  return { token: body.token, csrfToken: body.csrfToken, userId: body.user.id, email, headers: { authorization: `Bearer ${body.token}` } };
}

/** The session cookie a response set, as a `cookie` header value. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'weft_session');
  if (!cookie) throw new Error('no session cookie set');
  return `weft_session=${cookie.value}`;
}
