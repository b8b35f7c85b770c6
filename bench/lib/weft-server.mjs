import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The rows of a read-only query on a Weft's SQLite file in `dataDir` (running or stopped),
 * through the server's own better-sqlite3: what a benchmark counts beside the API.
 */
export function queryWeftDb(dataDir, sql, ...params) {
  const Database = createRequire(path.join(root, 'apps/server/package.json'))('better-sqlite3');
  const db = new Database(path.join(dataDir, 'weft.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

/**
 * The environment a benchmark starts `weft start` with: this machine's, on 127.0.0.1:`port`
 * with a data folder of its own, embedded SQLite (no DATABASE_URL, no REDIS_URL) and warnings
 * only in the log; `more` adds or overrides variables. The per-user executions quota and the
 * per-workflow retention are off: one benchmark user stores tens of thousands of runs and
 * every one is counted, while the quota (10,000 by default) would prune the oldest during
 * the run, and the retention sweep (1,000 per workflow) of a process started mid-benchmark
 * (bench:scale-out's second worker) deleted rows as they were being counted.
 */
export function benchServerEnv({ port, dataDir, ...more }) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEFT_EXECUTIONS_QUOTA: '0',
    WEFT_EXECUTIONS_MAX_PER_WORKFLOW: '0',
    ...more,
  };
}

/**
 * Starts the built Weft (`apps/server/dist/cli.js start`) on a fresh SQLite data folder
 * and waits until it answers. The server log goes to a file so a failure can show it.
 */
export async function startWeft({ port, webDir, env = {}, nodeArgs = [] }) {
  const cli = path.join(root, 'apps/server/dist/cli.js');
  const web = path.resolve(root, webDir ?? 'apps/web/dist');
  if (!fs.existsSync(cli) || !fs.existsSync(path.join(web, 'index.html'))) {
    throw new Error(`Build first: npm run build (${path.relative(root, cli)} or ${path.relative(root, web)}/index.html is missing)`);
  }
  const url = `http://127.0.0.1:${port}`;
  // A server already answering there would be measured instead of ours (and stopped by nobody).
  const taken = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${port} is already in use (another benchmark running?); pass --port to use another`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, cli, 'start'], {
    cwd: root,
    env: benchServerEnv({ port, dataDir, AUTH_RATE_LIMIT: '1000', WEB_DIR: web, ...env }),
    stdio: ['ignore', log, log],
  });
  const readLog = () => fs.readFileSync(logFile, 'utf8');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Weft exited with ${child.exitCode}:\n${readLog()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Weft did not answer on ${url} within 30 s (is the port taken?):\n${readLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    readLog,
    /** The server's process id (CPU time from /proc/<pid>/stat). */
    pid: child.pid,
    /** Null while running, else how the server ended (for error messages). */
    exited: () => (child.exitCode === null && child.signalCode === null ? null : `exit ${child.exitCode ?? child.signalCode}`),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up a fresh user; answers the bearer headers and the session cookie value. */
export async function signUp(url) {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench password', displayName: 'Bench Mark', subscribe: false }),
  });
  if (res.status !== 201) throw new Error(`Sign-up failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { email, token: body.token, headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' } };
}

/** Calls the API and fails loudly with the server's message. */
export async function api(url, user, method, pathname, body) {
  const res = await fetch(`${url}${pathname}`, { method, headers: user.headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}
