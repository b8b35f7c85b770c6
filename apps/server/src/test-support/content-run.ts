import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect } from 'vitest';
import type { Weft } from '../main.js';
import { createWorkflow, edge, node, runAndWait, type WaitedExecution, workflow } from './run-fixtures.js';
import type { SignedIn } from './test-weft.js';

// The content tests upload as every run test does.
export { upload } from './run-fixtures.js';

/**
 * The longest the event loop may stall while malicious content is handled, in the tests:
 * generous, because other suites share the machine's two cores; the real target (health
 * p99 under 100 ms) is measured on a quiet machine by bench/ingest.bench.mjs. Before the
 * content workers, each of these inputs held the loop for seconds to minutes.
 */
export const MAX_STALL_MS = 1000;

/** Runs `work` while measuring this thread's event-loop stalls (the test Weft serves on it). */
export async function watchingTheLoop<T>(work: () => Promise<T>): Promise<{ result: T; longestStallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await work();
    return { result, longestStallMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}

/** Document Loader → Output on an upload or a URL, run through the API while the loop is watched. */
export async function load(weft: Weft, user: SignedIn, source: { file: string } | { url: string }): Promise<{ run: WaitedExecution; longestStallMs: number }> {
  const config = 'file' in source ? { source: 'file', file: source.file } : { source: 'url', url: source.url };
  const id = await createWorkflow(weft, user, workflow('Load', [node('load', 'rag.load', config), node('out', 'output')], [edge('load', 'out')]));
  const { result: run, longestStallMs } = await watchingTheLoop(() => runAndWait(weft, user, id));
  return { run, longestStallMs };
}

/** The server still answers, and says it is healthy. */
export async function expectHealthy(weft: Weft): Promise<void> {
  const health = await weft.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode, health.body).toBe(200);
}
