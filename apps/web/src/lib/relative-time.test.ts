import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it('says "just now" for the last 45 seconds', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
  });

  it('uses the largest unit that fits', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });

  it('handles future times and ISO strings', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * 3600 * 1000).toISOString(), now)).toBe('in 2 hours');
  });

  it('gives the exact time on the 24-hour clock, as the lists do', () => {
    const evening = formatExactTime(new Date(2026, 2, 10, 21, 5));
    expect(evening).toContain('21:05');
    expect(evening).not.toMatch(/AM|PM/i);
  });

  it('shows a dash for an invalid date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('—');
    expect(formatExactTime('not a date')).toBe('');
  });
});
