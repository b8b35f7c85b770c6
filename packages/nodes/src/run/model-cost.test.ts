import { describe, expect, it } from 'vitest';
import { pricedUsage } from './model-cost.js';

describe('pricedUsage', () => {
  it('prices the model the provider answered with, dated ids included', () => {
    expect(pricedUsage({ model: 'gpt-4o-2024-08-06', inputTokens: 1000, outputTokens: 100 }, 'gpt-4o')).toEqual({
      model: 'gpt-4o-2024-08-06',
      inputTokens: 1000,
      outputTokens: 100,
      costUsd: 0.0035,
    });
  });

  it('falls back to the model asked for when the answered id is not in the table', () => {
    expect(pricedUsage({ model: 'gpt-4o-mini-custom', inputTokens: 1_000_000, outputTokens: 0 }, 'gpt-4o-mini').costUsd).toBe(0.15);
  });

  it('has no cost for a model nobody priced, and the node’s prices for one it did', () => {
    expect(pricedUsage({ inputTokens: 10, outputTokens: 10 }, 'qwen2.5')).toEqual({ model: 'qwen2.5', inputTokens: 10, outputTokens: 10 });
    expect(pricedUsage({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, 'qwen2.5', { inputPerMillion: 0, outputPerMillion: 0 }).costUsd).toBe(0);
    expect(pricedUsage({ inputTokens: 1_000_000, outputTokens: 0 }, 'gpt-4o', { inputPerMillion: 2 }).costUsd).toBe(2);
  });
});
