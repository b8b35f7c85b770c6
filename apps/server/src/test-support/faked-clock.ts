import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's libfaketime package puts the library (`apt-get install libfaketime`; .ci/run installs it). */
const LIBRARY_DIRS = ['/usr/lib/x86_64-linux-gnu/faketime', '/usr/lib/aarch64-linux-gnu/faketime', '/usr/lib/faketime'];

/** The libfaketime library, or undefined when it is not installed here. */
export function libfaketime(): string | undefined {
  for (const dir of LIBRARY_DIRS) {
    const library = path.join(dir, 'libfaketime.so.1');
    if (fs.existsSync(library)) return library;
  }
  return undefined;
}

/**
 * A process clock off the true time, for a process a test starts: libfaketime preloaded,
 * the offset read from a file that `set` rewrites while the process runs (a clock step, as
 * NTP or an operator makes one). Only the wall clock moves: CLOCK_MONOTONIC stays true
 * (`FAKETIME_DONT_FAKE_MONOTONIC`), as it does when a real clock is stepped, so Node's
 * timers and `performance.now()` keep real time.
 */
export interface FakedClock {
  /** The environment that starts a process under this clock. */
  readonly env: Record<string, string>;
  /** A new offset from the true time ("+90s", "+390s"), seen by the process at its next clock read. */
  set(offset: string): void;
  remove(): void;
}

export function fakedClock(offset: string): FakedClock {
  const library = libfaketime();
  if (!library) throw new Error('libfaketime is not installed (apt-get install libfaketime)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-faketime-'));
  const file = path.join(dir, 'offset');
  const set = (next: string) => {
    // Written whole and renamed, so the process never reads half a line.
    fs.writeFileSync(`${file}.new`, `${next}\n`);
    fs.renameSync(`${file}.new`, file);
  };
  set(offset);
  return {
    env: {
      LD_PRELOAD: library,
      FAKETIME_TIMESTAMP_FILE: file,
      // Read the file at every clock read, so a step is seen at once.
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    set,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
