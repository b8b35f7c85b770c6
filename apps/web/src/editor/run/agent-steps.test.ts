import type { NodeStep } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { briefArguments, stepRows, stepTotals } from './agent-steps';

const model = (index: number, calls: { id: string; name: string; arguments: unknown }[], text = '', tokens = [10, 5]): NodeStep => ({
  index,
  kind: 'model',
  name: 'gpt-test',
  startedAt: 1000 + index,
  durationMs: 20,
  status: 'success',
  input: { messages: index },
  output: { text, toolCalls: calls },
  usage: { inputTokens: tokens[0] ?? 0, outputTokens: tokens[1] ?? 0 },
});

const tool = (index: number, callId: string, name: string, extra: Partial<NodeStep> = {}): NodeStep => ({
  index,
  kind: 'tool',
  name,
  startedAt: 1000 + index,
  durationMs: 5,
  status: 'success',
  input: { id: callId },
  output: { ok: true },
  callId,
  toolNodeId: `n-${name}`,
  ...extra,
});

describe('stepRows', () => {
  it('pairs each tool step with the model step that asked, and each asked call with the step that ran it', () => {
    // Two parallel calls reported out of order (the second ended first), then the answer.
    const steps = [
      model(1, [
        { id: 'c1', name: 'look_up', arguments: { id: 'A-1' } },
        { id: 'c2', name: 'sum', arguments: { a: 1 } },
      ]),
      tool(3, 'c2', 'sum'),
      tool(2, 'c1', 'look_up'),
      model(4, [], 'Order A-1 is late.'),
    ];
    const rows = stepRows(steps);
    expect(rows.map((row) => row.step.index)).toEqual([1, 2, 3, 4]);
    expect(rows[0]?.calls).toEqual([
      { id: 'c1', name: 'look_up', arguments: { id: 'A-1' }, ranAs: 2, ranStatus: 'success' },
      { id: 'c2', name: 'sum', arguments: { a: 1 }, ranAs: 3, ranStatus: 'success' },
    ]);
    expect(rows[1]?.askedBy).toBe(1);
    expect(rows[2]?.askedBy).toBe(1);
    expect(rows[3]).toMatchObject({ text: 'Order A-1 is late.', calls: [] });
    expect(rows[0]?.text).toBeUndefined();
  });

  it('leaves a call not run yet (live, or the run stopped) without a step, and a tool call nobody asked for unpaired', () => {
    const rows = stepRows([model(1, [{ id: 'c1', name: 'slow', arguments: {} }]), tool(2, 'other', 'stray')]);
    expect(rows[0]?.calls?.[0]?.ranAs).toBeUndefined();
    expect(rows[1]?.askedBy).toBeUndefined();
  });

  it('reads a model step that failed (no output) and a cost only when it is a usable number', () => {
    const failed: NodeStep = { index: 1, kind: 'model', name: 'm', startedAt: 0, durationMs: 3, status: 'error', error: 'HTTP 500' };
    const priced = { ...tool(2, 'c', 't'), costUsd: 0.0021 } as NodeStep;
    const bad = { ...tool(3, 'd', 't'), costUsd: Number.NaN } as NodeStep;
    const rows = stepRows([failed, priced, bad]);
    expect(rows[0]).toMatchObject({ calls: [] });
    expect(rows[1]?.costUsd).toBe(0.0021);
    expect(rows[2]?.costUsd).toBeUndefined();
  });
});

it('points a call held for approval at its last step: waiting, then how it ended', () => {
  const waiting = { ...tool(2, 'c1', 'refund', { output: undefined }), status: 'waiting' } as unknown as NodeStep;
  const asked = model(1, [{ id: 'c1', name: 'refund', arguments: {} }]);
  expect(stepRows([asked, waiting])[0]?.calls?.[0]).toMatchObject({ ranAs: 2, ranStatus: 'waiting' });
  expect(stepRows([asked, waiting, tool(3, 'c1', 'refund')])[0]?.calls?.[0]).toMatchObject({ ranAs: 3, ranStatus: 'success' });
});

describe('stepTotals', () => {
  it('counts calls, failures and tokens; a cost only when some step had one', () => {
    const steps = [
      model(1, [{ id: 'c1', name: 't', arguments: {} }], '', [100, 20]),
      tool(2, 'c1', 't', { status: 'error', error: 'no' }),
      model(3, [], 'ok', [150, 30]),
    ];
    expect(stepTotals(steps)).toEqual({ modelCalls: 2, toolCalls: 1, failed: 1, inputTokens: 250, outputTokens: 50 });
    const priced = [{ ...steps[0], costUsd: 0.01 } as NodeStep, { ...steps[2], costUsd: 0.02 } as NodeStep];
    expect(stepTotals(priced).costUsd).toBeCloseTo(0.03);
  });
});

describe('briefArguments', () => {
  it('writes an object as key: JSON pairs and cuts long ones', () => {
    expect(briefArguments({ orderId: 'A-17', full: true })).toBe('orderId: "A-17", full: true');
    expect(briefArguments('x'.repeat(100), 20)).toHaveLength(20);
    expect(briefArguments(undefined)).toBe('');
  });
});
