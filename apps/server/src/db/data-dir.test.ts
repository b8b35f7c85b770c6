import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createWeft } from '../main.js';
import { captureLogs } from '../test-support/log-capture.js';

const modeOf = (target: string) => (fs.statSync(target).mode & 0o777).toString(8);

/** Issue 9, abuse 7: the data folder and database are owner-only, and a start says when they are not. */
describe('data folder permissions', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });
  const start = (dataDir: string, logger = pino({ level: 'silent' })) =>
    createWeft({ config: loadConfig({ DATA_DIR: dataDir, WEFT_SCHEDULER: 'off', LOG_LEVEL: 'silent' }), logger });

  it('creates the folder 0700 and the database, its journal and the key file 0600', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-perm-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const weft = await start(dataDir);
    try {
      expect(modeOf(dataDir)).toBe('700');
      expect(modeOf(path.join(dataDir, 'weft.db'))).toBe('600');
      expect(modeOf(path.join(dataDir, 'weft.db-wal'))).toBe('600');
      expect(modeOf(path.join(dataDir, 'encryption.key'))).toBe('600');
      // No half-written key files left behind.
      expect(fs.readdirSync(dataDir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    } finally {
      await weft.close();
    }
  });

  it('warns, with the command that fixes it, when the folder or the database is open to others', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-perm-'));
    roots.push(dataDir);
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'weft.db'), '');
    fs.chmodSync(path.join(dataDir, 'weft.db'), 0o644);
    const logs = captureLogs('warn');
    const weft = await start(dataDir, logs.logger);
    await weft.close();
    expect(logs.lines.some((line) => line.includes(`Run: chmod 700 ${dataDir}`))).toBe(true);
    expect(logs.lines.some((line) => line.includes(`Run: chmod 600 ${path.join(dataDir, 'weft.db')}`))).toBe(true);
  });

  it('says which path it could not open, and why, when DATA_DIR is unusable', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-perm-'));
    roots.push(root);
    // A file where the folder should be (root can write anywhere, so permissions cannot show this in CI).
    const blocker = path.join(root, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const dataDir = path.join(blocker, 'data');
    await expect(start(dataDir)).rejects.toThrow(
      `Weft cannot open ${path.join(dataDir, 'weft.lock')}: ${blocker} is a file, not a folder (ENOTDIR: not a directory, mkdir '${dataDir}'). Move it away, or set DATA_DIR to a folder this user can create and write to.`,
    );
  });
});

/** Issue 9, fault 7: a database that goes away is said out loud, never replaced by an empty one. */
describe('a database file that goes away', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });
  const start = (dataDir: string) =>
    createWeft({ config: loadConfig({ DATA_DIR: dataDir, WEFT_SCHEDULER: 'off', LOG_LEVEL: 'silent' }), logger: pino({ level: 'silent' }) });
  const freshDir = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-lost-'));
    roots.push(dataDir);
    return dataDir;
  };

  it('refuses to start with the key but no database, naming both files and what to do', async () => {
    const dataDir = freshDir();
    await (await start(dataDir)).close();
    for (const name of ['weft.db', 'weft.db-wal', 'weft.db-shm']) fs.rmSync(path.join(dataDir, name), { force: true });

    await expect(start(dataDir)).rejects.toThrow(`${path.join(dataDir, 'weft.db')} is missing, but ${path.join(dataDir, 'encryption.key')} is there`);
    // Nothing was created in its place.
    expect(fs.existsSync(path.join(dataDir, 'weft.db'))).toBe(false);
  });

  it('answers /api/health 503 once the open file is deleted, and again once it is replaced', async () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, 'weft.db');
    const weft = await start(dataDir);
    try {
      expect((await weft.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const copy = path.join(dataDir, 'copy.db');
      fs.copyFileSync(file, copy);

      fs.rmSync(file);
      const deleted = await weft.app.inject({ method: 'GET', url: '/api/health' });
      expect(deleted.statusCode).toBe(503);
      expect(deleted.json()).toMatchObject({ ok: false, database: expect.stringContaining(`${file} was deleted while Weft runs`) });

      fs.renameSync(copy, file);
      const replaced = await weft.app.inject({ method: 'GET', url: '/api/health' });
      expect(replaced.statusCode).toBe(503);
      expect(replaced.json()).toMatchObject({ ok: false, database: expect.stringContaining(`${file} was replaced while Weft runs`) });
    } finally {
      await weft.close();
    }
  });
});
