import { describe, expect, it } from 'vitest';
import { formatCost, formatTokens, formatUsage, usageTitle } from './format-cost';

describe('formatUsage', () => {
  it('shows tokens and the cost with enough digits for a small amount', () => {
    expect(formatUsage({ inputTokens: 1000, outputTokens: 234, costUsd: 0.0021 })).toBe('1,234 tokens · $0.0021');
    expect(formatUsage({ inputTokens: 2_000_000, outputTokens: 500_000, costUsd: 12.5 })).toBe('2,500,000 tokens · $12.50');
    expect(formatUsage({ inputTokens: 1, outputTokens: 0, costUsd: 0 })).toBe('1 token · $0.00');
  });

  it('marks a partial cost and leaves an unknown one out', () => {
    expect(formatUsage({ inputTokens: 10, outputTokens: 5, costUsd: 0.00045, costIncomplete: true })).toBe('15 tokens · $0.00045+');
    expect(formatUsage({ inputTokens: 10, outputTokens: 5, costIncomplete: true })).toBe('15 tokens');
  });
});

describe('formatCost and formatTokens', () => {
  it('say null for an unknown cost and count tokens with separators', () => {
    expect(formatCost({})).toBeNull();
    expect(formatCost({ costUsd: 0.0213 })).toBe('$0.021');
    expect(formatTokens(12_345)).toBe('12,345 tokens');
  });
});

describe('usageTitle', () => {
  it('explains a missing or partial cost', () => {
    expect(usageTitle({ inputTokens: 1200, outputTokens: 34 })).toMatch(/^1,200 input \+ 34 output tokens\. Cost unknown/);
    expect(usageTitle({ inputTokens: 1, outputTokens: 1, costUsd: 0.1, costIncomplete: true })).toMatch(/counts only the calls/);
    expect(usageTitle({ inputTokens: 1, outputTokens: 1, costUsd: 0.1 })).toMatch(/list prices/);
  });
});
