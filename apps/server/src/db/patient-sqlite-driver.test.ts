import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

/** Another process that takes SQLite's write lock on the file and holds it until told to let go. */
function holdWriteLock(file: string): Promise<{ child: ChildProcess; release(): void }> {
  const script = `
    const Database = require(${JSON.stringify(betterSqlite)});
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve({ child, release: () => child.stdin?.write('go\n') }));
  });
}

/** Issue 9, fault 4: a write waiting for another process's lock must not freeze the server. */
describe('SQLite write lock held by another process', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });
  let holder: ChildProcess | undefined;
  afterEach(() => {
    holder?.kill();
  });

  it('keeps serving other requests while a write waits, and the write lands once the lock is free', async () => {
    const user = await signUp(weft());
    const lock = await holdWriteLock(path.join(weft().dataDir, 'weft.db'));
    holder = lock.child;

    let written = false;
    const write = weft()
      .app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: { name: 'Written while locked' } })
      .finally(() => {
        written = true;
      });
    // The server answers other requests (reads) while the write is still waiting. With a
    // synchronous busy wait, these would only come back after the write.
    for (let i = 0; i < 5; i++) {
      const health = await weft().app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const list = await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers });
      expect(list.statusCode).toBe(200);
    }
    expect(written).toBe(false);

    lock.release();
    const answer = await write;
    expect(answer.statusCode, answer.body).toBe(201);
    const list = await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers });
    expect(list.json().workflows.map((w: { name: string }) => w.name)).toContain('Written while locked');
  });
});
