import { describe, expect, it } from 'vitest';
import { formatDuration, toEpoch } from './run-format';

describe('formatDuration', () => {
  it('picks a unit that reads at a glance', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1_000)).toBe('1.0 s');
    expect(formatDuration(59_990)).toBe('59.9 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
  });
});

describe('toEpoch', () => {
  it('reads engine numbers and stored ISO strings', () => {
    expect(toEpoch(1234)).toBe(1234);
    expect(toEpoch('2025-01-02T10:00:00.000Z')).toBe(Date.UTC(2025, 0, 2, 10));
    expect(toEpoch('yesterday')).toBeUndefined();
    expect(toEpoch(null)).toBeUndefined();
  });
});
