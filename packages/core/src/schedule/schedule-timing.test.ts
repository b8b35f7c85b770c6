import { describe, expect, it } from 'vitest';
import {
  cronIssue,
  dateTimeIssue,
  defaultScheduleName,
  MAX_INTERVAL_SECONDS,
  shortestGapBelow,
  timeZoneIssue,
  timingFields,
  timingFromFields,
  timingIssue,
} from './schedule-timing.js';

describe('schedule timing checks', () => {
  it('names the cron field that is out of range', () => {
    expect(cronIssue('61 * * * *')).toBe('Cron expression `61 * * * *`: minute must be 0–59');
    expect(cronIssue('0 25 * * *')).toBe('Cron expression `0 25 * * *`: hour must be 0–23');
    expect(cronIssue('0 9 * 13 *')).toMatch(/^Cron expression `0 9 \* 13 \*`: month must be 1–12/);
  });

  it('asks for 5 or 6 fields', () => {
    expect(cronIssue('* * *')).toBe('Cron expression `* * *`: give 5 fields (minute hour day month weekday) or 6 (with seconds first), not 3');
  });

  it('accepts 5 and 6 fields, names and steps', () => {
    for (const ok of ['*/5 * * * *', '0 9 * * MON-FRI', '*/3 * * * * *', '0 0 1 * *']) expect(cronIssue(ok)).toBeUndefined();
  });

  it('names an unknown time zone', () => {
    expect(timeZoneIssue('Europe/Berln')).toMatch(/^Unknown time zone `Europe\/Berln`/);
    expect(timeZoneIssue('Australia/Lord_Howe')).toBeUndefined();
  });

  it('checks intervals and one-off dates', () => {
    expect(timingIssue({ kind: 'interval', intervalSeconds: 0 })).toMatch(/at least 1/);
    expect(timingIssue({ kind: 'interval', intervalSeconds: 1.5 })).toMatch(/whole number/);
    expect(timingIssue({ kind: 'once', runAt: 'tomorrow' })).toMatch(/^runAt must be an ISO 8601 date-time/);
    expect(timingIssue({ kind: 'once', runAt: '2026-12-01T09:00:00Z' })).toBeUndefined();
  });

  it('refuses a cron that no date matches, and an interval past ten years', () => {
    expect(cronIssue('0 0 30 2 *')).toBe('Cron expression `0 0 30 2 *`: no date matches it, so it would never run');
    expect(cronIssue('0 0 29 2 *')).toBeUndefined();
    expect(timingIssue({ kind: 'interval', intervalSeconds: 1e20 })).toMatch(/at most 315360000 seconds \(ten years\), got 100000000000000000000/);
    expect(timingIssue({ kind: 'interval', intervalSeconds: MAX_INTERVAL_SECONDS })).toBeUndefined();
  });

  it('reads date-times strictly: a zone, a real calendar day, years 1970 to 9999', () => {
    for (const ok of ['2026-12-01T09:00:00Z', '2026-12-01T09:00Z', '2026-12-01T10:00:00.123+01:00', '2028-02-29T00:00:00Z']) {
      expect(dateTimeIssue('startAt', ok)).toBeUndefined();
    }
    expect(dateTimeIssue('startAt', '1')).toMatch(/^startAt must be an ISO 8601 date-time with a zone/);
    expect(dateTimeIssue('startAt', '2026-12-01T09:00:00')).toMatch(/with a zone/);
    expect(dateTimeIssue('endAt', '2026-02-30T00:00:00Z')).toBe('endAt: 2026-02-30 is not a day of the calendar');
    expect(dateTimeIssue('runAt', '2026-12-01T24:00:00Z')).toMatch(/^runAt: 24:00:00Z is not a time of day/);
    expect(dateTimeIssue('runAt', '+275760-09-13T00:00:00Z')).toMatch(/with a zone/);
    expect(dateTimeIssue('runAt', '1969-12-31T23:59:59Z')).toBe('runAt must be between the years 1970 and 9999 (got 1969)');
    expect(dateTimeIssue('runAt', 20261201)).toMatch(/with a zone/);
  });

  it('finds how often a timing fires when it is more often than allowed', () => {
    const from = new Date('2026-11-23T10:00:30Z');
    expect(shortestGapBelow({ kind: 'cron', cron: '* * * * * *' }, 'UTC', from, 60)).toBe(1);
    expect(shortestGapBelow({ kind: 'cron', cron: '*/5 * * * * *' }, 'Europe/Berlin', from, 60)).toBe(5);
    // Seconds 0 and 59: one second apart across each minute's end.
    expect(shortestGapBelow({ kind: 'cron', cron: '0,59 * * * * *' }, 'UTC', from, 60)).toBe(1);
    expect(shortestGapBelow({ kind: 'cron', cron: '0 * * * * *' }, 'UTC', from, 60)).toBeUndefined();
    expect(shortestGapBelow({ kind: 'cron', cron: '* * * * *' }, 'UTC', from, 60)).toBeUndefined();
    expect(shortestGapBelow({ kind: 'cron', cron: '*/5 * * * *' }, 'UTC', from, 3600)).toBe(300);
    expect(shortestGapBelow({ kind: 'interval', intervalSeconds: 30 }, 'UTC', from, 60)).toBe(30);
    expect(shortestGapBelow({ kind: 'interval', intervalSeconds: 60 }, 'UTC', from, 60)).toBeUndefined();
    expect(shortestGapBelow({ kind: 'once', runAt: '2026-12-01T09:00:00Z' }, 'UTC', from, 60)).toBeUndefined();
  });
});

describe('timingFields and timingFromFields', () => {
  it('map each kind to its one field and back', () => {
    const timings = [
      { kind: 'cron', cron: '0 9 * * 1-5' },
      { kind: 'interval', intervalSeconds: 300 },
      { kind: 'once', runAt: '2026-12-01T09:00:00.000Z' },
    ] as const;
    for (const timing of timings) expect(timingFromFields(timingFields(timing))).toEqual(timing);
    expect(timingFields({ kind: 'interval', intervalSeconds: 60 })).toEqual({ cron: null, intervalSeconds: 60, runAt: null });
    expect(timingFromFields({ cron: null, intervalSeconds: null, runAt: null })).toBeNull();
    expect(timingFromFields({})).toBeNull();
  });
});

describe('defaultScheduleName', () => {
  it('says when an unnamed schedule runs, in the API terms', () => {
    expect(defaultScheduleName({ kind: 'cron', cron: '0 9 * * 1-5' })).toBe('Cron 0 9 * * 1-5');
    expect(defaultScheduleName({ kind: 'interval', intervalSeconds: 300 })).toBe('Every 300 s');
    expect(defaultScheduleName({ kind: 'once', runAt: '2026-12-01T09:00:00.000Z' })).toBe('Once at 2026-12-01T09:00:00.000Z');
  });
});
