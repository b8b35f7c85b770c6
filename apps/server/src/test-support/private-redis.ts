import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

/**
 * A Redis of the test's own on a free port, for fault tests that stall it: the shared one
 * on 6379 is never stopped or paused. Keeps nothing on disk.
 */
export interface PrivateRedis {
  readonly url: string;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  /**
   * Stops the server and starts a new one on the same port, as a restart without
   * persistence does: every connection drops and every key is gone. Resolves once it answers.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

async function launch(port: number, url: string): Promise<Running> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it answers PING (the condition, not a guess at how long a start takes).
  const probe = new Redis(url, { retryStrategy: (times) => (times > 200 ? null : 25), maxRetriesPerRequest: null });
  probe.on('error', () => {});
  try {
    await probe.ping();
  } finally {
    probe.disconnect();
  }
  return { child, exited };
}

async function halt(running: Running): Promise<void> {
  running.child.kill('SIGCONT');
  running.child.kill('SIGTERM');
  await running.exited;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let running = await launch(port, url);
  return {
    url,
    pause: () => running.child.kill('SIGSTOP'),
    resume: () => running.child.kill('SIGCONT'),
    restart: async () => {
      await halt(running);
      running = await launch(port, url);
    },
    stop: () => halt(running),
  };
}
