import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NodeResult } from '../api/executions.js';
import { edge, harness, node } from './engine-test-kit.js';
import type { RunEvent } from './events.js';
import { executeWorkflow } from './execute.js';
import { emptyNodeResult, foldNodeResult } from './node-results.js';
import { initialRunState, type NodeRunState, reduceRun } from './run-state.js';

afterEach(() => vi.useRealTimers());

function foldBoth(events: readonly RunEvent[]) {
  const nodes: Record<string, NodeResult> = {};
  for (const event of events) foldNodeResult(nodes, event);
  return { nodes, state: events.reduce(reduceRun, initialRunState('run-1')) };
}

/** What both views must say alike about a node. */
function sameFacts(live: NodeRunState, stored: NodeResult) {
  expect(stored.status).toBe(live.status);
  expect(stored.attempts).toBe(live.attempts);
  expect(stored.maxAttempts).toBe(live.maxAttempts);
  expect(stored.source).toBe(live.source);
  expect(stored.inputs ?? undefined).toEqual(live.inputs);
  expect(stored.outputs ?? undefined).toEqual(live.outputs);
  expect(stored.error ?? undefined).toBe(live.error);
  expect(stored.skipReason ?? undefined).toBe(live.skipReason);
  expect(stored.steps).toEqual(live.steps);
  expect(stored.startedAt).toBe(live.startedAt === undefined ? null : new Date(live.startedAt).toISOString());
  expect(stored.finishedAt).toBe(live.finishedAt === undefined ? null : new Date(live.finishedAt).toISOString());
}

describe('the two folds of run events', () => {
  it('agree on every node of a run with logs, tokens, a retry, a failure and skipped branches', async () => {
    vi.useFakeTimers();
    let flakyCalls = 0;
    //   cond ─true─▶ talk ─▶ flaky ─▶ broken (fails, last)
    //        └─false─▶ never ─▶ after (skipped)
    const h = harness(
      [node('cond', 'condition'), node('talk', 'talk'), node('flaky', 'flaky'), node('never'), node('after'), node('broken', 'broken')],
      [edge('cond', 'talk', 'true'), edge('talk', 'flaky'), edge('flaky', 'broken'), edge('cond', 'never', 'false'), edge('never', 'after')],
      {
        condition: () => ({ outputs: { true: 'go' } }),
        talk: ({ inputs, ctx }) => {
          ctx.log('thinking');
          ctx.emitToken('he');
          ctx.emitToken('llo');
          ctx.log('careful', 'warn');
          ctx.step?.({
            index: 1,
            kind: 'model',
            name: 'm',
            startedAt: 0,
            durationMs: 3,
            status: 'success',
            output: { text: '', toolCalls: [{ name: 'look_up' }] },
          });
          ctx.step?.({ index: 2, kind: 'tool', name: 'look_up', startedAt: 3, durationMs: 1500, status: 'error', input: { id: 1 }, error: 'HTTP 503' });
          return { outputs: { out: `${String(inputs.in)}: hello` } };
        },
        flaky: () => {
          flakyCalls++;
          if (flakyCalls < 2) throw new Error('first try fails');
          return { outputs: { out: 'made it' } };
        },
        pass: ({ inputs }) => ({ outputs: { out: inputs.in } }),
        broken: () => {
          throw new Error('always broken');
        },
      },
      { policy: (n) => ({ timeoutMs: 10_000, retries: n.type === 'flaky' ? 1 : 0, backoffMs: 10 }) },
    );
    const run = executeWorkflow(h.options);
    await vi.advanceTimersByTimeAsync(10);
    await run;
    const types = new Set(h.events.map((e) => e.type));
    for (const type of ['node:log', 'node:token', 'node:step', 'node:retrying', 'node:failed', 'node:skipped', 'node:finished']) expect(types).toContain(type);

    const { nodes, state } = foldBoth(h.events);
    expect(Object.keys(nodes).sort()).toEqual(Object.keys(state.nodes).sort());
    for (const [id, live] of Object.entries(state.nodes)) sameFacts(live, nodes[id] as NodeResult);

    // Each node's log lines are the run log's lines for that node (run start/end lines aside).
    for (const id of Object.keys(nodes)) {
      const storedLines = nodes[id]?.logs.map((l) => [l.level, l.message]);
      const liveLines = state.logs.filter((l) => l.nodeId === id && l.level !== 'error').map((l) => [l.level, l.message]);
      expect(storedLines).toEqual(liveLines);
    }
    expect(nodes.flaky?.logs.map((l) => l.message)).toEqual(['Attempt 1 failed (first try fails); retrying in 10 ms']);
    expect(nodes.talk?.logs.map((l) => l.message)).toEqual([
      'thinking',
      'careful',
      'Step 1 · model m asked for look_up (3 ms)',
      'Step 2 · tool look_up failed (1.5 s): HTTP 503',
    ]);
  });

  it('starts a node the run never announced as empty', () => {
    const nodes: Record<string, NodeResult> = {};
    foldNodeResult(nodes, { type: 'node:log', runId: 'r', at: 0, nodeId: 'late', level: 'info', message: 'hi' });
    expect(nodes.late).toEqual({ ...emptyNodeResult(), logs: [{ at: new Date(0).toISOString(), level: 'info', message: 'hi' }] });
  });
});
