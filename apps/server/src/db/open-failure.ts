import fs from 'node:fs';
import path from 'node:path';
import { diskSpaceProblem } from './data-dir.js';

/**
 * Why Weft cannot open a file in its data folder, in words a person can act on. SQLite only
 * says "unable to open database file"; the cause is found on disk instead: a file where a
 * folder should be, a folder missing or not writable by this user, a read-only file system,
 * a full disk. Every answer names the path, the cause and what to do.
 */
export function explainOpenFailure(dataDir: string, target: string, error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const { reason, fix } = diagnose(path.resolve(dataDir), target);
  return `Weft cannot open ${target}: ${reason} (${raw}). ${fix}`;
}

interface Diagnosis {
  reason: string;
  fix: string;
}

const ELSEWHERE = 'or set DATA_DIR to a folder this user can create and write to';

function diagnose(dataDir: string, target: string): Diagnosis {
  const uid = process.getuid?.();
  const user = uid === undefined ? 'this user' : `this user (uid ${uid})`;
  const chown = uid === undefined ? 'give this user the folder' : `chown -R ${uid} ${dataDir}`;
  const existing = nearestExisting(dataDir);
  if (existing && !fs.statSync(existing).isDirectory()) {
    return { reason: `${existing} is a file, not a folder`, fix: `Move it away, ${ELSEWHERE}.` };
  }
  if (existing !== dataDir) {
    const parent = existing ?? path.parse(dataDir).root;
    const denied = writeDenied(parent);
    if (denied === 'EROFS')
      return { reason: `${dataDir} does not exist and ${parent} is on a read-only file system`, fix: `Create the folder on a writable disk, ${ELSEWHERE}.` };
    if (denied) {
      return {
        reason: `${dataDir} does not exist and ${user} may not create it in ${parent} (${ownership(parent)})`,
        fix: `Create it for this user (mkdir -p ${dataDir} && ${chown}), ${ELSEWHERE}.`,
      };
    }
    return { reason: `${dataDir} does not exist and could not be created`, fix: `Create it, ${ELSEWHERE}.` };
  }
  const denied = writeDenied(dataDir);
  if (denied === 'EROFS') {
    return { reason: `${dataDir} is on a read-only file system`, fix: `Weft writes its database there: mount it read-write, ${ELSEWHERE}.` };
  }
  if (denied) {
    return {
      reason: `${user} may not write in ${dataDir} (${ownership(dataDir)}), where Weft keeps its database and SQLite its journal files`,
      fix: `Give this user the folder (${chown}) or run Weft as its owner, ${ELSEWHERE}.`,
    };
  }
  if (fs.existsSync(target) && writeDenied(target)) {
    return { reason: `${user} may not write ${target} (${ownership(target)})`, fix: `Give this user the file (${chown}) or run Weft as its owner.` };
  }
  const full = diskSpaceProblem(dataDir);
  if (full) return { reason: full, fix: 'Free some space on that disk, then start Weft again.' };
  return {
    reason: 'the folder and the file look usable, so the file itself or the disk refused',
    fix: `Check the disk (dmesg, df -h ${dataDir}) and the file (it may be damaged or not a Weft database), ${ELSEWHERE}.`,
  };
}

/** The path itself when it exists, else its closest existing ancestor (which may be a file). */
function nearestExisting(target: string): string | undefined {
  for (let current = target; ; current = path.dirname(current)) {
    if (fs.existsSync(current)) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

/** The error code when this process may not write `target` (EACCES, EPERM, EROFS), else undefined. */
function writeDenied(target: string): string | undefined {
  try {
    fs.accessSync(target, fs.constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'EACCES';
  }
}

function ownership(target: string): string {
  const stat = fs.statSync(target);
  return `owner uid ${stat.uid}, mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}`;
}
