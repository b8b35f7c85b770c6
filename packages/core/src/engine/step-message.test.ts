import { describe, expect, it } from 'vitest';
import type { NodeStep } from './events.js';
import { stepMessage } from './node-results.js';

const model: NodeStep = {
  index: 1,
  kind: 'model',
  name: 'gpt-4o-mini',
  startedAt: 0,
  durationMs: 340,
  status: 'success',
  usage: { inputTokens: 1200, outputTokens: 80 },
};

describe('stepMessage', () => {
  it('names a model step’s cost beside its tokens when the price is known', () => {
    expect(stepMessage({ ...model, costUsd: 0.000228 })).toBe('Step 1 · model gpt-4o-mini answered (1200 + 80 tokens, $0.00023, 340 ms)');
  });

  it('leaves the cost out when the price is unknown', () => {
    expect(stepMessage({ ...model, name: 'llama3.1' })).toBe('Step 1 · model llama3.1 answered (1200 + 80 tokens, 340 ms)');
  });
});
