import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The data folder holds every workflow, webhook token and the secrets key: it is created
 * owner-only (0700) and the SQLite file 0600 (SQLite gives its -wal and -shm files the
 * database file's mode). Folders and files made before, or by hand, are left as they are,
 * with a warning at start that says how to close them.
 */
export function prepareDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** Creates the database file owner-only if it is not there yet (SQLite would make it 0644). */
export function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Warns about each path that other users on the machine can read (mode bits mean nothing on Windows). */
export function warnIfOpenToOthers(paths: string[], logger: Logger): void {
  if (process.platform === 'win32') return;
  for (const target of paths) {
    let mode: number;
    try {
      mode = fs.statSync(target).mode & 0o777;
    } catch {
      continue;
    }
    if ((mode & 0o077) === 0) continue;
    const octal = mode.toString(8).padStart(4, '0');
    const fix = fs.statSync(target).isDirectory() ? `chmod 700 ${target}` : `chmod 600 ${target}`;
    logger.warn({ path: target, mode: octal }, `${target} has mode ${octal}: other users on this machine can read Weft's data. Run: ${fix}`);
  }
}

/** Makes a rename or a new file in `dir` survive a power cut (the folder's entry is on disk). */
export function fsyncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'weft.db');

/**
 * A data folder that has the secrets key but no database lost its database (deleted or
 * moved by hand, a backup restored without it): starting would silently make an empty one
 * beside the old key, and every workflow would seem gone. Refuse instead, saying what to do.
 */
export function refuseLostDatabase(dataDir: string, keyFile: string): void {
  const file = databaseFile(dataDir);
  if (fs.existsSync(file) || !fs.existsSync(keyFile)) return;
  throw new Error(
    `${file} is missing, but ${keyFile} is there: the database of this Weft was deleted or moved. Restore weft.db into ${dataDir} (from a backup), or, to start afresh and lose everything, remove ${keyFile} too.`,
  );
}

/**
 * Remembers which file `file` is (device and inode) and returns a check that says, in
 * words, when the path no longer leads to it: SQLite keeps writing to an open file that was
 * deleted, and all of it would be gone at the next start.
 */
export function watchOpenFile(file: string): () => string | undefined {
  const opened = fs.statSync(file);
  return () => {
    let now: fs.Stats;
    try {
      now = fs.statSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return `cannot check ${file}: ${(error as Error).message}`;
      return `${file} was deleted while Weft runs: what is stored from now on cannot be read after a restart. Stop Weft and restore the file from a backup.`;
    }
    if (now.ino !== opened.ino || now.dev !== opened.dev) {
      return `${file} was replaced while Weft runs: this process still writes to the old file. Restart Weft to open the new one (what was stored since the swap stays in the old file).`;
    }
    return undefined;
  };
}

/**
 * Below this much free space the disk counts as full: SQLite appends every commit to the
 * WAL and folds it back into the database every 1,000 pages (4 MiB), so with less than
 * that a write can fail at any moment.
 */
export const MIN_FREE_BYTES = 4 * 1024 * 1024;

/**
 * Says when the disk holding `dir` is (nearly) full, undefined otherwise or when it cannot
 * tell. Root may use the blocks reserved for it, others may not: SQLite writes as this process.
 */
export function diskSpaceProblem(dir: string): string | undefined {
  let stats: fs.StatsFs;
  try {
    stats = fs.statfsSync(dir);
  } catch {
    return undefined;
  }
  const free = (process.getuid?.() === 0 ? stats.bfree : stats.bavail) * stats.bsize;
  if (free >= MIN_FREE_BYTES) return undefined;
  return `the disk holding ${dir} is full (${Math.floor(free / 1024)} KiB free)`;
}
