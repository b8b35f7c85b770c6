import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
/**
 * How long a start from the sources may take before the test gives up. It takes about 4 s
 * on a quiet machine (every module is compiled on load); the shared 2-core machine under
 * other suites has taken three times that, so this leaves a wide margin.
 */
const START_TIMEOUT_MS = 90_000;

/**
 * A Weft started as a process of its own (`weft start`, from the TypeScript sources through
 * source-loader.mjs), for tests that kill a server, start a second one beside it, or run
 * it as another user. e2e/support/spawn-weft.ts does the same with the build.
 */
export interface SourceWeft {
  readonly url: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  log(): string;
  /** SIGKILL, as a crash or the OOM killer would, and waits until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop) and waits until it is gone. */
  stop(): Promise<void>;
  /** One API request; the answer's JSON body (or its text when it is not JSON), typed as the caller expects. */
  call<T = Record<string, unknown>>(method: string, url: string, options?: { body?: unknown; token?: string }): Promise<{ status: number; body: T }>;
}

export interface SourceWeftOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Runs it as this user id (and group id), through setpriv: root cannot be kept out of a folder. */
  uid?: number;
}

/** Starts the process and returns at once; `startSourceWeft` waits until it answers. */
export async function spawnSourceWeft(options: SourceWeftOptions): Promise<SourceWeft> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const node = [process.execPath, '--import', path.join(here, 'source-loader.mjs'), path.join(root, 'apps/server/src/cli.ts'), 'start'];
  const [command, ...args] = options.uid === undefined ? node : ['setpriv', `--reuid=${options.uid}`, `--regid=${options.uid}`, '--clear-groups', ...node];
  const child = spawn(command as string, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      WEB_DIR: path.join(options.dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const call = async <T>(method: string, target: string, { body, token }: { body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${url}${target}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (an HTML page, an empty body): the text as it came.
    }
    return { status: response.status, body: parsed as T };
  };
  return { url, dataDir: options.dataDir, child, exited, log: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM'), call };
}

/** Signs a new user up on a started Weft; answers the bearer token. */
export async function signUpOn(weft: SourceWeft): Promise<string> {
  const email = `process-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const answer = await weft.call<{ token: string }>('POST', '/api/auth/signup', { body: { email, password: 'correct horse', subscribe: false } });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** Starts Weft and resolves once `/api/health` answers 200; rejects with its output if it exits first. */
export async function startSourceWeft(options: SourceWeftOptions): Promise<SourceWeft> {
  const weft = await spawnSourceWeft(options);
  let gone = false;
  void weft.exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (gone) throw new Error(`Weft exited before it answered:\n${weft.log()}`);
    const healthy = await fetch(`${weft.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return weft;
    if (Date.now() > deadline) {
      await weft.kill();
      throw new Error(`Weft did not answer on ${weft.url} within ${START_TIMEOUT_MS / 1000} s:\n${weft.log()}`);
    }
    // Polls the condition (an answer) rather than guessing how long a start takes.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts Weft expecting it to refuse: resolves with its exit code and output once it exits. */
export async function refusedStart(options: SourceWeftOptions): Promise<{ code: number | null; log: string }> {
  const weft = await spawnSourceWeft(options);
  const timer = setTimeout(() => void weft.kill(), START_TIMEOUT_MS);
  try {
    const code = await weft.exited;
    return { code, log: weft.log() };
  } finally {
    clearTimeout(timer);
  }
}
