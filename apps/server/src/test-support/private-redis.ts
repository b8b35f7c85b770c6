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
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  // Ready once it answers PING (the condition, not a guess at how long a start takes).
  const probe = new Redis(url, { retryStrategy: (times) => (times > 200 ? null : 25), maxRetriesPerRequest: null });
  probe.on('error', () => {});
  try {
    await probe.ping();
  } finally {
    probe.disconnect();
  }
  return {
    url,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
