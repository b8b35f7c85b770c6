import type { ScheduleWindow } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { UpcomingRuns } from './upcoming-runs.js';

/** Monday 23 November 2026, 10:00 UTC. */
const NOW = new Date('2026-11-23T10:00:00.000Z');
const weekdays = (timezone: string): ScheduleWindow => ({ timing: { kind: 'cron', cron: '0 9 * * 1-5' }, timezone, anchor: '2026-11-01T00:00:00.000Z' });

describe('UpcomingRuns', () => {
  it('counts from the stored next instant, so one due this second still shows', () => {
    const upcoming = new UpcomingRuns(3);
    expect(upcoming.of(weekdays('Europe/Berlin'), '2026-11-24T08:00:00.000Z', NOW)).toEqual([
      '2026-11-24T09:00:00+01:00',
      '2026-11-25T09:00:00+01:00',
      '2026-11-26T09:00:00+01:00',
    ]);
  });

  it('counts from now when the stored instant has passed (the scheduler has not caught up)', () => {
    const upcoming = new UpcomingRuns(2);
    expect(upcoming.of(weekdays('UTC'), '2026-11-20T09:00:00.000Z', NOW)).toEqual(['2026-11-24T09:00:00+00:00', '2026-11-25T09:00:00+00:00']);
  });

  it('answers what the window and instant say, kept or not: another zone, anchor or instant is another list', () => {
    const upcoming = new UpcomingRuns(1);
    const next = '2026-11-24T08:00:00.000Z';
    const berlin = upcoming.of(weekdays('Europe/Berlin'), next, NOW);
    expect(upcoming.of(weekdays('Europe/Berlin'), next, NOW)).toEqual(berlin);
    expect(upcoming.of(weekdays('America/New_York'), '2026-11-24T14:00:00.000Z', NOW)).toEqual(['2026-11-24T09:00:00-05:00']);
    // Intervals count from their anchor: two schedules of one interval differ by it.
    const hourly = (anchor: string): ScheduleWindow => ({ timing: { kind: 'interval', intervalSeconds: 3600 }, timezone: 'UTC', anchor });
    expect(upcoming.of(hourly('2026-11-23T09:15:00.000Z'), '2026-11-23T10:15:00.000Z', NOW)).toEqual(['2026-11-23T10:15:00+00:00']);
    expect(upcoming.of(hourly('2026-11-23T09:45:00.000Z'), '2026-11-23T10:15:00.000Z', NOW)).toEqual(['2026-11-23T10:45:00+00:00']);
    // A list handed out is the caller's: changing it leaves the kept one alone.
    upcoming.of(weekdays('Europe/Berlin'), next, NOW).push('changed');
    expect(upcoming.of(weekdays('Europe/Berlin'), next, NOW)).toEqual(berlin);
  });
});
