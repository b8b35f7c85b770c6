import { emptyNodeResult } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { NodeResult } from './execution-types.js';
import { packNodes, parseStoredNodes, slimEvents, wholeEvents } from './run-data-storage.js';

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
    };
    expect(roundTrip({ up: done({}, { output: long }), full })).toEqual({ up: done({}, { output: long }), full });
  });

  it('refers to an object only when it is the very one upstream gave, not an equal copy', () => {
    const nodes = { a: done({}, { output: { x: 'same' } }), b: done({ input: { x: 'same' } }, { output: 'ok' }) };
    expect(JSON.stringify(packNodes(nodes, [edge('a', 'b')]))).not.toContain('inputsFrom');
    expect(roundTrip(nodes)).toEqual(nodes);
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
