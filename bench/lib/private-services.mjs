import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PostgreSQL and Redis of a benchmark's own, on free ports, in temporary folders: the
 * shared servers on 5432 and 6379 are never touched. The same approach as the tests'
 * apps/server/src/test-support/private-postgres.ts and private-redis.ts, in plain
 * JavaScript for the bench, plus what a benchmark reads from them (process ids for CPU
 * time, statistics per run).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server's own drivers (pg, ioredis), as the processes under test load them. */
export const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

/** A loopback port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresBinary(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  for (const version of versions) {
    const candidate = path.join('/usr/lib/postgresql', version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`PostgreSQL's ${name} is not installed (needed for a private server)`);
}

/** Children of `pid` (from /proc), for a server's backends. */
export function childPids(pid) {
  const found = spawnSync('pgrep', ['-P', String(pid)]).stdout?.toString() ?? '';
  return found.trim().split('\n').filter(Boolean).map(Number);
}

/**
 * A PostgreSQL cluster in a temporary folder on a free port. Durable as a production one by
 * default (fsync and synchronous_commit on; the tests' clusters turn fsync off), with
 * pg_stat_statements loaded so a benchmark can count statements per run. Runs as the
 * `postgres` user when we are root (PostgreSQL refuses root).
 */
export async function startPostgres({ fsync = true } = {}) {
  const initdb = postgresBinary('initdb');
  const pgCtl = postgresBinary('pg_ctl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (file, args) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' }) : execFileSync(file, args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c shared_preload_libraries=pg_stat_statements',
    '-c pg_stat_statements.track=all',
    '-c max_connections=200',
    ...(fsync ? [] : ['-c fsync=off', '-c full_page_writes=off']),
  ].join(' ');
  run(pgCtl, ['-D', data, '-o', settings, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const pg = serverRequire('pg');
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  let stopped = false;
  return {
    port,
    postmaster,
    /** The postmaster and every backend or helper process it has now. */
    pids: () => [postmaster, ...childPids(postmaster)],
    /** A new database on this server; answers its URL. */
    async createDatabase(name) {
      await admin.query(`CREATE DATABASE ${name}`);
      return `${base}/${name}`;
    },
    /** One query on the admin connection (database `postgres`; the statistics views see every database). */
    query: (text, params) => admin.query(text, params),
    stop() {
      if (stopped) return;
      stopped = true;
      admin.end().catch(() => {});
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A Redis on a free port keeping nothing on disk (as the tests' private one); answers once it replies to PING. */
export async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = serverRequire('ioredis');
  const client = new Redis(url, { retryStrategy: (times) => (times > 200 ? null : 25), maxRetriesPerRequest: null });
  client.on('error', () => {});
  await client.ping();
  return {
    url,
    pid: child.pid,
    client,
    async stop() {
      client.disconnect();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
