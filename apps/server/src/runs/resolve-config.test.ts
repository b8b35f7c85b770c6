import { describe, expect, it } from 'vitest';
import { hasPlaceholder, resolveConfig } from './resolve-config.js';

describe('hasPlaceholder', () => {
  it('finds the placeholders the host fills, deep, and only those', () => {
    expect(hasPlaceholder({ url: 'https://x/{{ secrets.TOKEN }}' })).toBe(true);
    expect(hasPlaceholder({ headers: [{ value: 'Bearer {{params.key}}' }] })).toBe(true);
    // The node's own placeholders: its config object is used as stored.
    expect(hasPlaceholder({ template: 'one {{input}} {{context}}' })).toBe(false);
    expect(hasPlaceholder({ template: '{{params}} {{secretsX}}' })).toBe(false);
  });

  it('leaves what it does not find as resolveConfig would have', () => {
    const config = { template: 'one {{input}} {{params}}' };
    expect(resolveConfig(config, { secrets: {}, params: { key: 'v' }, brokenParams: new Map() })).toEqual(config);
  });
});
