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
      new RegExp(
        `^Cannot open Weft's database ${path.join(dataDir, 'weft.db').replaceAll('/', '\\/')} \\(ENOTDIR: .*\\)\\. DATA_DIR must be a folder this user can create and write to`,
      ),
    );
  });
});
