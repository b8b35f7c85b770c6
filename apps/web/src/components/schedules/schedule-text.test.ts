import { describe, expect, it } from 'vitest';
import {
  describeCron,
  describeInterval,
  describeTiming,
  formatInstant,
  intervalParts,
  isoToWallTime,
  needsSeconds,
  ownName,
  scheduleTitle,
  timeZoneOptions,
  wallTimeToIso,
} from './schedule-text';
import { testSchedule } from './test-schedule';

describe('schedule text', () => {
  it('says a cron expression in words, and null when it does not parse', () => {
    expect(describeCron('0 9 * * 1-5')).toBe('At 09:00, Monday through Friday');
    expect(describeCron('*/2 * * * * *')).toBe('Every 2 seconds');
    expect(describeCron('61 * * * *')).toBeNull();
  });

  it('says intervals in their largest whole unit', () => {
    expect(intervalParts(7200)).toEqual({ value: 2, unit: 'hours' });
    expect(intervalParts(90)).toEqual({ value: 90, unit: 'seconds' });
    expect(describeInterval(60)).toBe('Every minute');
    expect(describeInterval(86_400 * 3)).toBe('Every 3 days');
  });

  it('describes each kind of timing, a one-off in the schedule zone', () => {
    expect(describeTiming({ cron: '0 * * * *', intervalSeconds: null, runAt: null, timezone: 'UTC' })).toBe('Every hour');
    expect(describeTiming({ cron: null, intervalSeconds: 900, runAt: null, timezone: 'UTC' })).toBe('Every 15 minutes');
    expect(describeTiming({ cron: null, intervalSeconds: null, runAt: '2026-12-01T08:00:00.000Z', timezone: 'Europe/Berlin' })).toBe('Once, Tue 1 Dec, 09:00');
    expect(formatInstant('2026-07-01T08:00:00.000Z', 'America/New_York', true)).toBe('Wed, 1 Jul 2026, 04:00');
  });

  it('shows seconds only for runs within the minute, and never a 12-hour clock', () => {
    const quarter = ['2026-11-24T10:00:00.000Z', '2026-11-24T10:00:15.000Z', '2026-11-24T10:00:30.000Z', '2026-11-24T10:00:45.000Z'];
    expect(needsSeconds(quarter)).toBe(true);
    expect(new Set(quarter.map((iso) => formatInstant(iso, 'UTC', true, true))).size).toBe(4);
    expect(formatInstant(quarter[1] ?? '', 'UTC', false, true)).toBe('Tue 24 Nov, 10:00:15');
    expect(needsSeconds(['2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.000Z'])).toBe(false);
    expect(formatInstant('2026-11-24T00:30:00.000Z', 'UTC')).toBe('Tue 24 Nov, 00:30');
    expect(formatInstant('2026-11-24T21:30:00.000Z', 'UTC')).toBe('Tue 24 Nov, 21:30');
  });

  it('reads an unnamed schedule by its timing, not by the name the server gave it', () => {
    expect(ownName(testSchedule({ name: 'Cron 0 9 * * 1-5' }))).toBe('');
    expect(scheduleTitle(testSchedule({ name: 'Cron 0 9 * * 1-5' }))).toBe('At 09:00, Monday through Friday');
    expect(scheduleTitle(testSchedule({ name: 'Cron 0 8 * * *' }))).toBe('Cron 0 8 * * *');
    expect(scheduleTitle(testSchedule({ name: 'Mornings' }))).toBe('Mornings');
  });

  it('reads a typed wall time in the schedule zone, across DST changes', () => {
    expect(wallTimeToIso('2026-12-01T09:00', 'Europe/Berlin')).toBe('2026-12-01T08:00:00.000Z');
    expect(wallTimeToIso('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(wallTimeToIso('2026-07-01T09:00', 'UTC')).toBe('2026-07-01T09:00:00.000Z');
    // 02:30 does not exist in New York on 8 March 2026: it moves on by the hour skipped.
    expect(wallTimeToIso('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeToIso('not a time', 'UTC')).toBeNull();
    expect(isoToWallTime('2026-12-01T08:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-01T09:00');
    expect(isoToWallTime(wallTimeToIso('2026-10-25T01:30', 'Australia/Lord_Howe') ?? '', 'Australia/Lord_Howe')).toBe('2026-10-25T01:30');
  });

  it('lists zones with UTC first and keeps an unknown current zone', () => {
    const zones = timeZoneOptions('Europe/Berlin');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(timeZoneOptions('Mars/Olympus')[0]).toBe('Mars/Olympus');
  });
});
