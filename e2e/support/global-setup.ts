import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PORT, APP_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ISSUER, OPENAI_BASE_URL, SMTP_PORT } from './constants.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the built Weft (apps/server/dist + apps/web/dist, built by `npm test` first) on a
 * fresh SQLite data folder, with SMTP and OIDC pointing at the peers the tests run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const cli = path.join(root, 'apps/server/dist/cli.js');
  if (!fs.existsSync(cli) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it for you)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-e2e-'));
  const logFile = path.join(root, '.test-output', 'e2e-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const server: ChildProcess = spawn(process.execPath, [cli, 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: APP_URL,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // Browser tests sign up many users from one IP.
      AUTH_RATE_LIMIT: '1000',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(SMTP_PORT),
      SMTP_FROM: 'Weft <no-reply@weft.test>',
      OIDC_ISSUER,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_LABEL: 'Google',
      WEFT_ALLOW_PRIVATE_NETWORK: '1',
      // schedules.spec watches a schedule fire by itself, every two seconds.
      WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1',
      // Provider "OpenAI" (what the templates use) goes to the tests' peer, as to a company gateway.
      OPENAI_BASE_URL,
    },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(server, logFile);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Weft exited (${server.exitCode}):\n${fs.readFileSync(logFile, 'utf8')}`);
    try {
      const res = await fetch(`${APP_URL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGKILL');
  throw new Error(`Weft did not answer on ${APP_URL} within 30 s:\n${fs.readFileSync(logFile, 'utf8')}`);
}
