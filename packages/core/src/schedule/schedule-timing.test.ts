import { describe, expect, it } from 'vitest';
import { cronIssue, timeZoneIssue, timingIssue } from './schedule-timing.js';

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
    expect(timingIssue({ kind: 'once', runAt: 'tomorrow' })).toMatch(/not a date-time/);
    expect(timingIssue({ kind: 'once', runAt: '2026-12-01T09:00:00Z' })).toBeUndefined();
  });
});
