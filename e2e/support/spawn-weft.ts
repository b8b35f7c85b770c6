import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SpawnedWeft {
  readonly url: string;
  readonly dataDir: string;
  readonly process: ChildProcess;
  log(): string;
}

/**
 * Starts one more built Weft, apart from the shared one, for tests that must kill or
 * restart a server (crash recovery). `dataDir` reuses a folder to restart on the same data.
 */
export async function spawnWeft(options: { port: number; dataDir?: string; env?: Record<string, string> }): Promise<SpawnedWeft> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'weft-e2e-spawn-'));
  const url = `http://127.0.0.1:${options.port}`;
  const logFile = path.join(dataDir, `server-${Date.now()}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '1000',
      WEFT_ALLOW_PRIVATE_NETWORK: '1',
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  const log = () => fs.readFileSync(logFile, 'utf8');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Weft exited (${child.exitCode}):\n${log()}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Weft did not answer on ${url} within 30 s:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, dataDir, process: child, log };
}
