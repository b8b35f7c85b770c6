import { afterEach, describe, expect, it, vi } from 'vitest';
import { edge, flakyExecutor, harness, node } from './engine-test-kit.js';
import { executeWorkflow } from './execute.js';
import { initialRunState, reduceRun } from './run-state.js';
import type { NodeExecutor } from './types.js';

afterEach(() => {
  vi.useRealTimers();
});

const upper: NodeExecutor<undefined>['run'] = ({ inputs }) => ({ outputs: { out: String(inputs.in).toUpperCase() } });

describe('executeWorkflow: seeded outputs', () => {
  it('does not call a pinned node, and its pins flow downstream', async () => {
    const called: string[] = [];
    const h = harness(
      [node('a', 'source'), node('b', 'upper'), node('out', 'output')],
      [edge('a', 'b'), edge('b', 'out')],
      {
        source: () => {
          called.push('a');
          return { outputs: { out: 'live' } };
        },
        upper: (args) => {
          called.push('b');
          return upper(args);
        },
        output: () => ({ outputs: {} }),
      },
      { isOutputNode: (n) => n.type === 'output', seeded: { b: { outputs: { out: 'PINNED' }, source: 'pinned' } } },
    );
    const result = await executeWorkflow(h.options);
    expect(result).toEqual({ status: 'success', outputs: { out: 'PINNED' } });
    // a still runs (the host leaves it out with planRunScope); b is never called.
    expect(called).toEqual(['a']);
    expect(h.types('b')).toEqual(['node:queued', 'node:finished']);
    const finished = h.events.find((e) => e.type === 'node:finished' && e.nodeId === 'b');
    expect(finished).toMatchObject({ source: 'pinned', outputs: { out: 'PINNED' } });
    const state = h.events.reduce(reduceRun, initialRunState('run-1'));
    expect(state.nodes.b).toMatchObject({ status: 'success', source: 'pinned', attempts: 0 });
  });

  it('feeds a run of only some nodes from reused outputs, a branch left out skipping its nodes', async () => {
    //   cond(reused: only "yes") ──yes──▶ y
    //                           └─no───▶ n
    const h = harness(
      [node('cond', 'cond'), node('y', 'upper'), node('n', 'upper')],
      [edge('cond', 'y', 'yes'), edge('cond', 'n', 'no')],
      { upper },
      { seeded: { cond: { outputs: { yes: 'go' }, source: 'reused' } } },
    );
    await executeWorkflow(h.options);
    expect(h.statusOf('y')).toBe('node:finished');
    expect(h.statusOf('n')).toBe('node:skipped');
  });
});

describe('executeWorkflow: node retry and timeout settings', () => {
  it('waits the same time before every retry when the factor is 1, and says how many tries there are', async () => {
    vi.useFakeTimers();
    const flaky = flakyExecutor(2);
    const h = harness(
      [node('flaky', 'flaky')],
      [],
      { flaky: flaky.run },
      { policy: () => ({ timeoutMs: 10_000, retries: 2, backoffMs: 500, backoffFactor: 1 }) },
    );
    const run = executeWorkflow(h.options);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await run).toMatchObject({ status: 'success' });
    const retrying = h.events.filter((e) => e.type === 'node:retrying');
    expect(retrying.map((e) => e.delayMs)).toEqual([500, 500]);
    const started = h.events.filter((e) => e.type === 'node:started');
    expect(started.map((e) => [e.attempt, e.maxAttempts])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(h.events.reduce(reduceRun, initialRunState('run-1')).nodes.flaky).toMatchObject({ attempts: 3, maxAttempts: 3 });
  });

  it('fails a node that runs past its timeout, naming the limit', async () => {
    vi.useFakeTimers();
    const h = harness([node('slow', 'slow')], [], { slow: () => new Promise(() => {}) }, { policy: () => ({ timeoutMs: 2000, retries: 0, backoffMs: 0 }) });
    const run = executeWorkflow(h.options);
    await vi.advanceTimersByTimeAsync(2000);
    const result = await run;
    expect(result.status).toBe('error');
    expect(result.error).toMatch(/^slow: Timed out after 2 s \(the node's timeout/);
    // One try only: no "of" count to show.
    expect(h.events.find((e) => e.type === 'node:started')).not.toHaveProperty('maxAttempts');
  });
});
