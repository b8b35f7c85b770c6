import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from './format-usd.js';

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [1, '$1.00'],
    [12.345, '$12.35'],
    [1234.5, '$1,234.50'],
    [0.5, '$0.50'],
    [0.1, '$0.10'],
    [0.0213, '$0.021'],
    [0.0021, '$0.0021'],
    [0.00045, '$0.00045'],
    [0.0999, '$0.10'],
    [0.0000041, '$0.0000041'],
    [0.00000041, '$0.00000041'],
    [0.00000004, '<$0.0000001'],
    [Number.NaN, '—'],
  ])('%s is %s', (usd, text) => {
    expect(formatUsd(usd)).toBe(text);
  });

  it('keeps two significant digits below a dollar (never shows a small cost as $0.00)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.0000001, max: 0.99, noNaN: true }), (usd) => {
        const text = formatUsd(usd);
        expect(text).toMatch(/^\$0\.\d{2,8}$/);
        const shown = Number(text.slice(1));
        expect(shown).toBeGreaterThan(0);
        expect(Math.abs(shown - usd) / usd).toBeLessThan(0.1);
      }),
    );
  });
});
