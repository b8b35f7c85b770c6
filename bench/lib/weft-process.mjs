import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchServerEnv } from './weft-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * One built Weft process (`apps/server/dist/cli.js start` or `worker`) with a data folder
 * of its own, for a benchmark that runs several: API processes answer on `port` and are
 * ready once /api/health does; a worker is ready once its log says it takes runs.
 * `env` goes over benchServerEnv's (set DATABASE_URL and REDIS_URL for scale-out mode);
 * `nodeArgs` go to Node (`--cpu-prof`).
 */
export async function startWeftProcess({ command, port, env = {}, label = command, nodeArgs = [] }) {
  const cli = path.join(root, 'apps/server/dist/cli.js');
  if (!fs.existsSync(cli)) throw new Error(`Build first: npm run build (${path.relative(root, cli)} is missing)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `weft-bench-${command}-`));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const web = path.join(root, 'apps/web/dist');
  const child = spawn(process.execPath, [...nodeArgs, cli, command], {
    cwd: root,
    env: benchServerEnv({
      port: port ?? 0,
      dataDir,
      AUTH_RATE_LIMIT: '1000',
      WEB_DIR: web, // Workers say in the log when they take runs (info, nothing per run); API processes log
      // every request at info, which would be measured: warnings only.
      LOG_LEVEL: command === 'worker' ? 'info' : 'warn',
      ...env,
    }),
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const readLog = () => fs.readFileSync(logFile, 'utf8');
  const exited = () => (child.exitCode === null && child.signalCode === null ? null : `exit ${child.exitCode ?? child.signalCode}`);
  const url = port ? `http://127.0.0.1:${port}` : undefined;
  const handle = {
    label,
    url,
    dataDir,
    pid: child.pid,
    readLog,
    exited,
    async stop() {
      if (!exited()) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await gone;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill() {
      if (!exited()) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited()) throw new Error(`${label} ended (${exited()}):\n${readLog().slice(-3000)}`);
    if (command === 'worker') {
      if (readLog().includes('is taking runs')) break;
    } else {
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
    }
    if (Date.now() > deadline) {
      handle.kill();
      throw new Error(`${label} was not ready within 60 s:\n${readLog().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return handle;
}
