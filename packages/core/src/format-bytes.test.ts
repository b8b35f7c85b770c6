import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1229, '1.2 KB'],
    [1536, '1.5 KB'],
    [4096, '4 KB'],
    [20 * 1024, '20 KB'],
    [64 * 1024, '64 KB'],
    [1024 * 1024, '1 MB'],
    [3.25 * 1024 * 1024, '3.3 MB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('says a dash for what is not a size', () => {
    expect([formatBytes(-1), formatBytes(Number.NaN), formatBytes(Number.POSITIVE_INFINITY)]).toEqual(['—', '—', '—']);
  });
});
