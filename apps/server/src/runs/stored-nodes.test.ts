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

const roundTrip = (nodes: Record<string, NodeResult>) => parseStoredNodes(JSON.stringify(packNodes(nodes)));

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
    const text = JSON.stringify(packNodes(nodes));
    // Each node's output once ("in", "t" and "out", which passes its input on); no input again.
    expect(text.split(long).length - 1).toBe(3);
    expect(text).not.toContain('"error":null');
    expect(parseStoredNodes(text)).toEqual(nodes);
  });

  it('refers to an object only when it is the very one upstream gave, not an equal copy', () => {
    const nodes = { a: done({}, { output: { x: 'same' } }), b: done({ input: { x: 'same' } }, { output: 'ok' }) };
    expect(JSON.stringify(packNodes(nodes))).not.toContain('inputsFrom');
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
