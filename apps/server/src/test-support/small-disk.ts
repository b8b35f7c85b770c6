import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small disk of the test's own (a tmpfs mount), for tests that fill it: the machine's
 * own disks are never filled. Needs root with the right to mount (CAP_SYS_ADMIN).
 */
export interface SmallDisk {
  /** The mount point, an empty folder on the small disk. */
  readonly dir: string;
  /** Writes a file until the disk is full (ENOSPC). */
  fill(): void;
  /** Deletes what `fill` wrote. */
  unfill(): void;
  /** Unmounts it and removes the mount point. */
  remove(): void;
}

let why: string | undefined | null = null;

/** Why a small disk cannot be mounted here, or undefined when it can (tried once). */
export function smallDiskUnavailable(): string | undefined {
  if (why !== null) return why;
  if (process.getuid?.() !== 0) {
    why = 'not running as root: mounting a tmpfs needs it';
    return why;
  }
  try {
    mountSmallDisk(1).remove();
    why = undefined;
  } catch (error) {
    why = `cannot mount a tmpfs here (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  return why;
}

export function mountSmallDisk(sizeMiB: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = fs.openSync(filler, 'a');
      try {
        // Big pieces first, then smaller ones, down to a single page.
        for (let size = 1024 * 1024; size >= 4096; size /= 2) {
          const piece = Buffer.alloc(size, 1);
          for (;;) {
            try {
              fs.writeSync(fd, piece);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    unfill() {
      fs.rmSync(filler, { force: true });
    },
    remove() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
