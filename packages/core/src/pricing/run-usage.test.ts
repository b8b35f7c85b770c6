import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunUsage } from '../api/executions.js';
import { addModelCall, addTotals, type ModelCall, totalsOf } from './run-usage.js';

describe('addModelCall', () => {
  it('sums tokens and costs per model and in all', () => {
    let usage: RunUsage | null = null;
    usage = addModelCall(usage, { model: 'gpt-4o-mini', inputTokens: 1000, outputTokens: 500, costUsd: 0.00045 });
    usage = addModelCall(usage, { model: 'gpt-4o-mini', inputTokens: 2000, outputTokens: 100, costUsd: 0.00036 });
    usage = addModelCall(usage, { model: 'claude-3-5-haiku-20241022', inputTokens: 100, outputTokens: 10, costUsd: 0.00012 });
    expect(usage).toEqual({
      inputTokens: 3100,
      outputTokens: 610,
      costUsd: 0.00093,
      models: {
        'gpt-4o-mini': { inputTokens: 3000, outputTokens: 600, costUsd: 0.00081, calls: 2 },
        'claude-3-5-haiku-20241022': { inputTokens: 100, outputTokens: 10, costUsd: 0.00012, calls: 1 },
      },
    });
  });

  it('marks the cost incomplete when a call’s price is unknown, keeping the known part', () => {
    let usage = addModelCall(null, { model: 'gpt-4o', inputTokens: 100, outputTokens: 0, costUsd: 0.00025 });
    usage = addModelCall(usage, { model: 'llama3.1', inputTokens: 50, outputTokens: 5 });
    expect(totalsOf(usage)).toEqual({ inputTokens: 150, outputTokens: 5, costUsd: 0.00025, costIncomplete: true });
    expect(usage.models?.['llama3.1']).toEqual({ inputTokens: 50, outputTokens: 5, costIncomplete: true, calls: 1 });
  });

  it('has no cost at all when no call was priced, and a free model costs 0 (complete)', () => {
    expect(totalsOf(addModelCall(null, { model: 'llama3.1', inputTokens: 5, outputTokens: 5 }))).toEqual({
      inputTokens: 5,
      outputTokens: 5,
      costIncomplete: true,
    });
    expect(totalsOf(addModelCall(null, { model: 'llama3.1', inputTokens: 5, outputTokens: 5, costUsd: 0 }))).toEqual({
      inputTokens: 5,
      outputTokens: 5,
      costUsd: 0,
    });
  });

  it('counts a call without a model under "unknown"', () => {
    expect(Object.keys(addModelCall(null, { inputTokens: 1, outputTokens: 1 }).models ?? {})).toEqual(['unknown']);
  });

  it('agrees with the calls whatever their order: totals are the sum of the models’ parts', () => {
    const call = fc.record({
      model: fc.constantFrom('a', 'b', 'c'),
      inputTokens: fc.nat(100_000),
      outputTokens: fc.nat(100_000),
      costUsd: fc.option(
        fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1e6),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30 }), (calls: ModelCall[]) => {
        const usage = calls.reduce<RunUsage | null>(addModelCall, null);
        const reversed = [...calls].reverse().reduce<RunUsage | null>(addModelCall, null);
        const tokens = calls.reduce((sum, c) => sum + c.inputTokens, 0);
        expect(usage?.inputTokens ?? 0).toBe(tokens);
        expect(reversed?.inputTokens ?? 0).toBe(tokens);
        const known = calls.filter((c) => c.costUsd !== undefined);
        const unpriced = calls.some((c) => c.costUsd === undefined && c.inputTokens + c.outputTokens > 0);
        if (known.length === 0) expect(usage?.costUsd).toBeUndefined();
        else
          expect(usage?.costUsd).toBeCloseTo(
            known.reduce((sum, c) => sum + (c.costUsd ?? 0), 0),
            8,
          );
        expect(usage?.costIncomplete === true).toBe(unpriced);
        expect(reversed?.costIncomplete === true).toBe(unpriced);
        const parts = Object.values(usage?.models ?? {});
        expect(parts.reduce((sum, p) => sum + p.outputTokens, 0)).toBe(usage?.outputTokens ?? 0);
        expect(parts.reduce((sum, p) => sum + p.calls, 0)).toBe(calls.length);
      }),
    );
  });
});

describe('addTotals', () => {
  it('treats tokens without any cost (a run stored before costs) as unpriced', () => {
    expect(addTotals({ inputTokens: 10, outputTokens: 0 }, { inputTokens: 1, outputTokens: 1, costUsd: 0.5 })).toEqual({
      inputTokens: 11,
      outputTokens: 1,
      costUsd: 0.5,
      costIncomplete: true,
    });
    expect(addTotals({ inputTokens: 0, outputTokens: 0 }, { inputTokens: 0, outputTokens: 0 })).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});
