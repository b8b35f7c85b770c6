import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

/**
 * A PostgreSQL server of the test's own, on a free port, for fault tests that stop and
 * start it: the shared one on 5432 is never stopped. PostgreSQL refuses to run as root, so
 * when the tests run as root (CI) the cluster belongs to the `postgres` user. Needs the
 * server binaries (`initdb`, `pg_ctl`) on PATH or in /usr/lib/postgresql/<version>/bin.
 */
export interface PrivatePostgres {
  readonly url: string;
  /**
   * Fast shutdown: every connection is ended, as in a restart. Asynchronous, so the Weft
   * processes in the test's own event loop go on beating and sweeping meanwhile, as
   * separate processes would (a blocking call let every timer fire at once afterwards).
   */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes every process of the server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

function binary(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  for (const version of versions) {
    const candidate = path.join('/usr/lib/postgresql', version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Why a private PostgreSQL cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!binary('initdb') || !binary('pg_ctl')) return 'the PostgreSQL server binaries (initdb, pg_ctl) are not installed';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root, and there is no postgres user to own the cluster';
    }
  }
  return undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const initdb = binary('initdb');
  const pgCtl = binary('pg_ctl');
  if (!initdb || !pgCtl) throw new Error(privatePostgresUnavailable());
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', root]);
  const run = (file: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' }) : execFileSync(file, args, { stdio: 'pipe' });
  const runInBackground = async (file: string, args: string[]) => {
    await (asRoot ? promisify(execFile)('runuser', ['-u', 'postgres', '--', file, ...args]) : promisify(execFile)(file, args));
  };
  const data = path.join(root, 'data');
  run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  const port = await freePort();
  // The socket goes in the cluster's own folder; fsync is off: these clusters are thrown away.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const startArgs = ['-D', data, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start'];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'];
  run(pgCtl, startArgs);
  let running = true;
  // The postmaster's pid is the first line of postmaster.pid; its children are the backends.
  const processes = () => {
    const postmaster = fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0] as string;
    // pgrep exits 1 when it finds none.
    const found = spawnSync('pgrep', ['-P', postmaster]).stdout?.toString() ?? '';
    const children = found.trim().split('\n').filter(Boolean);
    return [postmaster, ...children].map(Number);
  };
  // A backend may exit between pgrep and kill (a closing client's): that one needs no signal.
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, signal);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await runInBackground(pgCtl, stopArgs);
      running = false;
    },
    start: async () => {
      await runInBackground(pgCtl, startArgs);
      running = true;
    },
    pause: () => signalAll('SIGSTOP'),
    resume: () => signalAll('SIGCONT'),
    destroy: () => {
      try {
        if (running) {
          signalAll('SIGCONT');
          run(pgCtl, stopArgs);
        }
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
