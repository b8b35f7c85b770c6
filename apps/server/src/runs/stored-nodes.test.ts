import { emptyNodeResult, foldNodeResult, type RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { NodeResult } from './execution-types.js';
import { keptNodes, packNodes, parseStoredNodes, slimEvents, wholeEvents } from './run-data-storage.js';

const done = (inputs: Record<string, unknown> | null, outputs: Record<string, unknown> | null, more: Partial<NodeResult> = {}): NodeResult => ({
  ...emptyNodeResult(),
  status: 'success',
  attempts: 1,
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:00:00.001Z',
  durationMs: 1,
  inputs,
  outputs,
  ...more,
});

const edge = (source: string, target: string, targetHandle = 'input') => ({ id: `${source}-${target}`, source, sourceHandle: 'output', target, targetHandle });
const roundTrip = (
  nodes: Record<string, NodeResult>,
  edges = Object.keys(nodes)
    .slice(1)
    .map((id, i) => edge(Object.keys(nodes)[i] as string, id)),
) => parseStoredNodes(JSON.stringify(packNodes(nodes, edges)));

describe('the nodes column', () => {
  const long = 'a value long enough to be worth a reference, handed down the chain';

  it('stores a value handed from node to node once, and reads every node back whole', () => {
    const table = { rows: [{ a: 1 }, { a: 2 }] };
    const nodes = {
      in: done({}, { output: long }),
      t: done({ input: long }, { output: `two ${long}`, table }),
      out: done({ input: `two ${long}`, rows: table, flag: true, short: 'hi' }, { output: `two ${long}` }),
      later: { ...emptyNodeResult(), status: 'skipped', skipReason: 'The condition was false' } as NodeResult,
      failed: done({ input: long }, null, { status: 'error', error: 'It broke', logs: [{ at: '2026-11-27T10:00:00.000Z', level: 'info', message: 'trying' }] }),
    } satisfies Record<string, NodeResult>;
    const edges = [edge('in', 't'), edge('t', 'out'), { ...edge('t', 'out', 'rows'), sourceHandle: 'table' }, edge('in', 'failed')];
    const text = JSON.stringify(packNodes(nodes, edges));
    // Each node's output once ("in", "t" and "out", which passes its input on); no input again.
    expect(text.split(long).length - 1).toBe(3);
    expect(text).not.toContain('"error":null');
    expect(parseStoredNodes(text)).toEqual(nodes);
    // Without the run's edges, nothing is a reference and everything still reads back.
    const whole = JSON.stringify(packNodes(nodes));
    expect(whole).not.toContain('inputsFrom');
    expect(parseStoredNodes(whole)).toEqual(nodes);
  });

  it('keeps every field a node result has', () => {
    // Typed as every field required: a field added to NodeResult must be added here, and to packNode.
    const full: Required<NodeResult> = {
      status: 'error',
      attempts: 2,
      maxAttempts: 3,
      source: 'reused',
      startedAt: '2026-11-27T10:00:00.000Z',
      finishedAt: '2026-11-27T10:00:01.000Z',
      durationMs: 1000,
      inputs: { input: long },
      outputs: { output: 'x' },
      error: 'Timed out',
      skipReason: 'none',
      logs: [{ at: '2026-11-27T10:00:00.500Z', level: 'warn', message: 'slow' }],
      steps: [
        {
          index: 1,
          kind: 'model',
          name: 'm',
          startedAt: 1,
          durationMs: 5,
          status: 'success',
          output: { text: '', toolCalls: [] },
          usage: { inputTokens: 3, outputTokens: 1 },
        },
        {
          index: 2,
          kind: 'tool',
          name: 'look_up',
          startedAt: 6,
          durationMs: 2,
          status: 'error',
          input: { id: '1' },
          error: 'HTTP 503',
          callId: 'c',
          toolNodeId: 'orders',
        },
      ],
    };
    expect(roundTrip({ up: done({}, { output: long }), full })).toEqual({ up: done({}, { output: long }), full });
  });

  it('refers to an object only when it is the very one upstream gave, not an equal copy', () => {
    const nodes = { a: done({}, { output: { x: 'same' } }), b: done({ input: { x: 'same' } }, { output: 'ok' }) };
    expect(JSON.stringify(packNodes(nodes, [edge('a', 'b')]))).not.toContain('inputsFrom');
    expect(roundTrip(nodes)).toEqual(nodes);
  });

  it('drops an agent’s steps with the other values when a successful run keeps only outputs', () => {
    const step = { index: 1, kind: 'tool', name: 'look_up', startedAt: 1, durationMs: 2, status: 'success', input: { secret: 'x' } } as const;
    const kept = keptNodes({ agent: { ...done({}, { output: 'answer' }), steps: [step] } }, 'outputs');
    expect(kept.agent?.steps).toBeUndefined();
    expect(keptNodes({ agent: { ...done({}, { output: 'answer' }), steps: [step] } }, 'all').agent?.steps).toEqual([step]);
  });

  it('keeps what "outputs only" stores, with no values at all', () => {
    const nodes = { a: done(null, null) };
    expect(roundTrip(nodes)).toEqual(nodes);
  });

  it('reads rows written before packing as they are', () => {
    const old = { a: done({ input: long }, { output: long }) };
    expect(parseStoredNodes(JSON.stringify(old))).toEqual(old);
  });
});

describe('stored events', () => {
  it('leave out the run id, the row’s own, and get it back on replay', () => {
    const events = [
      { type: 'node:queued', runId: 'run-1', at: 1, nodeId: 'a' },
      { type: 'node:started', runId: 'run-1', at: 2, nodeId: 'a', attempt: 1, inputs: {} },
    ] as const;
    const stored = JSON.parse(JSON.stringify(slimEvents(events)));
    expect(JSON.stringify(stored)).not.toContain('run-1');
    expect(wholeEvents(stored, { a: done({}, { output: 'x' }) }, {}, 'run-1')).toEqual(events);
  });
});

describe('stored lifecycle events', () => {
  const T = Date.parse('2026-11-27T10:00:00.000Z');
  // A run as the engine reports it: b retried once, c pinned, a and d plain.
  const events: RunEvent[] = [
    { type: 'run:started', runId: 'run-1', at: T, nodeIds: ['a', 'b', 'c', 'd'] },
    { type: 'node:queued', runId: 'run-1', at: T, nodeId: 'a' },
    { type: 'node:started', runId: 'run-1', at: T + 1, nodeId: 'a', attempt: 1, inputs: { input: 'hi' } },
    { type: 'node:log', runId: 'run-1', at: T + 2, nodeId: 'a', level: 'info', message: 'working' },
    { type: 'node:finished', runId: 'run-1', at: T + 3, nodeId: 'a', outputs: { output: 'HI' }, durationMs: 2 },
    { type: 'node:queued', runId: 'run-1', at: T + 3, nodeId: 'b' },
    { type: 'node:queued', runId: 'run-1', at: T + 3, nodeId: 'c' },
    { type: 'node:started', runId: 'run-1', at: T + 4, nodeId: 'b', attempt: 1, maxAttempts: 2, inputs: { input: 'HI' } },
    { type: 'node:finished', runId: 'run-1', at: T + 4, nodeId: 'c', outputs: { output: 'pinned' }, durationMs: 0, source: 'pinned' },
    { type: 'node:retrying', runId: 'run-1', at: T + 5, nodeId: 'b', attempt: 1, error: 'busy', delayMs: 10 },
    { type: 'node:started', runId: 'run-1', at: T + 15, nodeId: 'b', attempt: 2, maxAttempts: 2, inputs: { input: 'HI' } },
    { type: 'node:finished', runId: 'run-1', at: T + 16, nodeId: 'b', outputs: { output: 'ok' }, durationMs: 1 },
    { type: 'node:queued', runId: 'run-1', at: T + 16, nodeId: 'node:with:colons' },
    { type: 'run:finished', runId: 'run-1', at: T + 17, status: 'success', outputs: { d: 'ok' } },
  ];
  const nodes: Record<string, NodeResult> = {};
  for (const event of events) foldNodeResult(nodes, event);
  const stored = () => JSON.parse(JSON.stringify(slimEvents(events, nodes))) as (Record<string, unknown> | string)[];
  const replayed = () => wholeEvents(stored(), parseStoredNodes(JSON.stringify(packNodes(nodes))), { d: 'ok' }, 'run-1');

  it('are markers where the node result implies them, and replay gives back every event in its place', () => {
    // b's last finish is all in its result, so it is a marker too; its starts are not.
    expect(stored().filter((e) => typeof e === 'string')).toEqual([`q${T}:a`, 'sa', 'fa', `q${T + 3}:b`, `q${T + 3}:c`, 'fb', `q${T + 16}:node:with:colons`]);
    expect(replayed()).toEqual(events);
  });

  it('stay whole where the result does not give them back exactly: retries, pinned outputs, times not in milliseconds', () => {
    const whole = stored().filter((e) => typeof e !== 'string') as Record<string, unknown>[];
    expect(whole.filter((e) => e.nodeId === 'b').map((e) => e.type)).toEqual(['node:started', 'node:retrying', 'node:started']);
    expect(whole.filter((e) => e.nodeId === 'c').map((e) => e.type)).toEqual(['node:finished']);
    const fractional: RunEvent = { type: 'node:queued', runId: 'run-1', at: T + 0.5, nodeId: 'a' };
    expect(slimEvents([fractional], nodes)).toEqual([{ ...fractional, runId: undefined }]);
    // Without the results (or with others), nothing is marked.
    expect(slimEvents(events.slice(2, 3), {})).toEqual([{ ...events[2], runId: undefined, inputs: undefined }]);
  });

  it('make a chain’s stored events less than half as long', () => {
    const chain: RunEvent[] = [{ type: 'run:started', runId: 'run-1', at: T, nodeIds: ['n1', 'n2', 'n3'] }];
    for (const [i, nodeId] of ['n1', 'n2', 'n3'].entries()) {
      chain.push(
        { type: 'node:queued', runId: 'run-1', at: T + i, nodeId },
        { type: 'node:started', runId: 'run-1', at: T + i, nodeId, attempt: 1, inputs: { input: 'x' } },
        { type: 'node:finished', runId: 'run-1', at: T + i + 1, nodeId, outputs: { output: 'x' }, durationMs: 1 },
      );
    }
    const results: Record<string, NodeResult> = {};
    for (const event of chain) foldNodeResult(results, event);
    const before = JSON.stringify(slimEvents(chain)).length;
    const after = JSON.stringify(slimEvents(chain, results)).length;
    expect(after / before).toBeLessThan(0.5);
    expect(wholeEvents(JSON.parse(JSON.stringify(slimEvents(chain, results))), results, {}, 'run-1')).toEqual(chain);
  });
});
