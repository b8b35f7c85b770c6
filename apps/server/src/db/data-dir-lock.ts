import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateFile, prepareDataDir } from './data-dir.js';
import { explainOpenFailure } from './open-failure.js';

/** A SQLite file used only for the operating system's lock on it. */
export const lockFile = (dataDir: string) => path.join(dataDir, 'weft.lock');
/** Who holds the lock, for a process that is refused to name it (the lock file cannot be read while held). */
export const holderFile = (dataDir: string) => path.join(dataDir, 'weft.pid');

interface Holder {
  pid: number;
  since: string;
  host: string;
}

/**
 * One process per data folder: a second Weft on the same SQLite file would fail the first
 * one's running runs at its start ("nothing stays running") and race it for every tick.
 * The lock is the kernel's (SQLite's fcntl lock on `weft.lock`, held in exclusive locking
 * mode for the life of the process), so the operating system lets go of it when the
 * holder dies, even by SIGKILL or power loss: a stale pid file never blocks a restart, and
 * a reused pid is never mistaken for the holder. Answers the release; throws, naming the
 * holder's pid, host and start, when another process has the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir);
  let lock: SQLite.Database;
  try {
    prepareDataDir(dataDir);
    createPrivateFile(file);
    // No busy wait: a held lock is an answer, not something to wait out.
    lock = new SQLite(file, { timeout: 0 });
  } catch (error) {
    throw new Error(explainOpenFailure(dataDir, file, error), { cause: error });
  }
  try {
    // In exclusive locking mode the lock a write takes is kept until the connection closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS held (pid INTEGER, since TEXT)');
    lock.exec('BEGIN EXCLUSIVE');
    lock.prepare('DELETE FROM held').run();
    lock.prepare('INSERT INTO held (pid, since) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    lock.exec('COMMIT');
  } catch (error) {
    lock.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') throw new Error(heldMessage(dataDir, readHolder(dataDir)));
    throw new Error(explainOpenFailure(dataDir, file, error), { cause: error });
  }
  writeHolder(dataDir, { pid: process.pid, since: new Date().toISOString(), host: os.hostname() });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.rmSync(holderFile(dataDir), { force: true });
    lock.close();
  };
}

function heldMessage(dataDir: string, holder: Holder | undefined): string {
  const who = holder
    ? `Weft process ${holder.pid}${holder.pid === process.pid ? ' (this one: it opened the folder twice)' : ''} on ${holder.host}, running since ${holder.since}`
    : `process (${holderFile(dataDir)} does not say which)`;
  return (
    `The data folder ${path.resolve(dataDir)} (DATA_DIR) is in use by another ${who}. Two processes on one SQLite ` +
    'database would fail each other’s runs, so this one does not start. Stop the other process first, or give this one a DATA_DIR of its own; ' +
    'to run several processes on one database, use PostgreSQL and Redis (DATABASE_URL and REDIS_URL, see "Scale-out" in the README).'
  );
}

function readHolder(dataDir: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(holderFile(dataDir), 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || typeof holder.since !== 'string' || typeof holder.host !== 'string') return undefined;
    return { pid: holder.pid, since: holder.since, host: holder.host };
  } catch {
    return undefined;
  }
}

/** Written whole under another name, then renamed: a process reading it never sees half of it. */
function writeHolder(dataDir: string, holder: Holder): void {
  const target = holderFile(dataDir);
  const partial = `${target}.${process.pid}.partial`;
  fs.writeFileSync(partial, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  fs.renameSync(partial, target);
}
