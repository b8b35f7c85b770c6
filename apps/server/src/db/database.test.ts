import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const AUTO_VACUUM_NONE = 0;
const AUTO_VACUUM_INCREMENTAL = 2;

describe('openDatabase (SQLite)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-db-'));
    dirs.push(dir);
    return dir;
  }
  async function autoVacuum(handle: ReturnType<typeof openDatabase>): Promise<number> {
    const result = await sql<{ auto_vacuum: number }>`PRAGMA auto_vacuum`.execute(handle.db);
    return Number(result.rows[0]?.auto_vacuum);
  }

  it('syncs every commit to disk by default (synchronous=FULL), NORMAL only when asked, and migrations leave it so', async () => {
    const level = async (sqliteSynchronous?: 'full' | 'normal') => {
      const handle = openDatabase({ databaseUrl: undefined, dataDir: tempDir(), ...(sqliteSynchronous ? { sqliteSynchronous } : {}) });
      try {
        // Migrations run with NORMAL (migrate.ts): the level in force must come back after.
        expect(await migrateToLatest(handle.db)).not.toHaveLength(0);
        const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db);
        return rows[0]?.synchronous;
      } finally {
        await handle.close();
      }
    };
    const FULL = 2;
    const NORMAL = 1;
    expect(await level()).toBe(FULL);
    expect(await level('full')).toBe(FULL);
    expect(await level('normal')).toBe(NORMAL);
  });

  it('creates a new file with incremental auto-vacuum', async () => {
    const handle = openDatabase({ databaseUrl: undefined, dataDir: tempDir() });
    try {
      await sql`CREATE TABLE t (x TEXT)`.execute(handle.db);
      expect(await autoVacuum(handle)).toBe(AUTO_VACUUM_INCREMENTAL);
    } finally {
      await handle.close();
    }
  });

  it('converts an existing file made without auto-vacuum, keeping its rows, and reclaims deleted space', async () => {
    const dir = tempDir();
    const legacy = new SQLite(path.join(dir, 'weft.db'));
    legacy.pragma('journal_mode = WAL');
    legacy.exec('CREATE TABLE t (x TEXT)');
    const insert = legacy.prepare('INSERT INTO t VALUES (?)');
    legacy.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(1000));
    })();
    expect(legacy.pragma('auto_vacuum', { simple: true })).toBe(AUTO_VACUUM_NONE);
    legacy.close();

    const handle = openDatabase({ databaseUrl: undefined, dataDir: dir });
    try {
      expect(await autoVacuum(handle)).toBe(AUTO_VACUUM_INCREMENTAL);
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(handle.db);
      expect(Number(count.rows[0]?.n)).toBe(2000);
      const pages = async () => Number((await sql<{ page_count: number }>`PRAGMA page_count`.execute(handle.db)).rows[0]?.page_count);
      const before = await pages();
      await sql`DELETE FROM t`.execute(handle.db);
      await handle.reclaimSpace();
      expect(before - (await pages())).toBeGreaterThan(400);
    } finally {
      await handle.close();
    }
  });
});
