import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_PRICES } from './model-prices.js';
import { costOf, priceOf, resolvePrice } from './price-of.js';

describe('priceOf', () => {
  it.each([
    ['gpt-4o', 2.5, 10],
    ['gpt-4o-2024-08-06', 2.5, 10],
    ['gpt-4o-2024-05-13', 5, 15],
    ['GPT-4o-mini', 0.15, 0.6],
    ['gpt-4o-mini-2024-07-18', 0.15, 0.6],
    ['gpt-4.1-nano-2025-04-14', 0.1, 0.4],
    ['o3-mini-2025-01-31', 1.1, 4.4],
    ['chatgpt-4o-latest', 5, 15],
    ['claude-3-5-sonnet-latest', 3, 15],
    ['claude-3-5-sonnet-20241022', 3, 15],
    ['claude-3-5-haiku-20241022', 0.8, 4],
    ['claude-3-7-sonnet-20250219', 3, 15],
    ['claude-sonnet-4-20250514', 3, 15],
    ['claude-sonnet-4-5', 3, 15],
    ['claude-opus-4-1-20250805', 15, 75],
    ['claude-3-5-sonnet@20240620', 3, 15],
    ['text-embedding-3-small', 0.02, 0],
  ])('%s costs %s in, %s out per million', (model, input, output) => {
    expect(priceOf(model)).toEqual({ inputPerMillion: input, outputPerMillion: output });
  });

  it.each(['llama3.1', 'llama3.1:8b', 'qwen2.5', 'gpt-4o-audio-preview', 'gpt-4o-mini-transcribe', 'claude', 'my-gpt-4o', '', '  ', 'test-model'])(
    'knows no price for %j (no guess from a similar name)',
    (model) => {
      expect(priceOf(model)).toBeUndefined();
    },
  );

  it('finds every table entry, in any case, with a date or -latest after it', () => {
    const ids = Object.keys(MODEL_PRICES).filter((id) => !/\d{4}-\d{2}-\d{2}$/.test(id));
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.constantFrom('', '-latest', '-2025-04-14', '-20250514'), fc.boolean(), (id, suffix, upper) => {
        const asked = `${upper ? id.toUpperCase() : id}${suffix}`;
        expect(priceOf(asked)).toEqual(MODEL_PRICES[id]);
      }),
    );
  });
});

describe('resolvePrice', () => {
  it('gives a local model the node’s prices, and none without both', () => {
    expect(resolvePrice('llama3.1')).toBeUndefined();
    expect(resolvePrice('llama3.1', { inputPerMillion: 0.5 })).toBeUndefined();
    expect(resolvePrice('llama3.1', { inputPerMillion: 0.5, outputPerMillion: 1 })).toEqual({ inputPerMillion: 0.5, outputPerMillion: 1 });
    expect(resolvePrice('llama3.1', { inputPerMillion: 0, outputPerMillion: 0 })).toEqual({ inputPerMillion: 0, outputPerMillion: 0 });
  });

  it('lets each side the node sets win over the table', () => {
    expect(resolvePrice('gpt-4o', { inputPerMillion: 1 })).toEqual({ inputPerMillion: 1, outputPerMillion: 10 });
    expect(resolvePrice('gpt-4o', { outputPerMillion: 4 })).toEqual({ inputPerMillion: 2.5, outputPerMillion: 4 });
    expect(resolvePrice('gpt-4o', { inputPerMillion: null, outputPerMillion: undefined })).toEqual(priceOf('gpt-4o'));
  });

  it('ignores a negative or non-finite price', () => {
    expect(resolvePrice('gpt-4o', { inputPerMillion: -1, outputPerMillion: Number.NaN })).toEqual(priceOf('gpt-4o'));
  });
});

describe('costOf', () => {
  it('prices input and output tokens per million', () => {
    expect(costOf({ inputTokens: 1000, outputTokens: 500 }, priceOf('gpt-4o-mini'))).toBe(0.00045);
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, priceOf('claude-3-opus'))).toBe(90);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBeUndefined();
  });

  it('is never negative, grows with tokens, and is additive over calls (to rounding)', () => {
    const tokens = fc.record({ inputTokens: fc.nat(5_000_000), outputTokens: fc.nat(5_000_000) });
    const prices = fc.record({ inputPerMillion: fc.double({ min: 0, max: 200, noNaN: true }), outputPerMillion: fc.double({ min: 0, max: 600, noNaN: true }) });
    fc.assert(
      fc.property(tokens, tokens, prices, (a, b, price) => {
        const costA = costOf(a, price) ?? Number.NaN;
        const both = costOf({ inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens }, price) ?? Number.NaN;
        expect(costA).toBeGreaterThanOrEqual(0);
        expect(both).toBeGreaterThanOrEqual(costA);
        expect(both).toBeCloseTo(costA + (costOf(b, price) ?? Number.NaN), 8);
      }),
    );
  });
});
