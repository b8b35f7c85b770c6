import { describe, expect, it } from 'vitest';
import { instantsBetween, isoInZone, nextRuns, type ScheduleWindow } from './next-runs.js';

const cron = (expression: string, timezone: string, extra: Partial<ScheduleWindow> = {}): ScheduleWindow => ({
  timing: { kind: 'cron', cron: expression },
  timezone,
  anchor: '2026-01-01T00:00:00Z',
  ...extra,
});
/** The next runs as the zone's wall clock with offset: what a person in that zone sees. */
const local = (window: ScheduleWindow, after: string, count: number) => nextRuns(window, new Date(after), count).map((d) => isoInZone(d, window.timezone));

describe('nextRuns across DST', () => {
  // Spring forward: 2026-03-08 02:00 EST becomes 03:00 EDT; 02:30 does not exist that day.
  it('America/New_York spring forward: a missing local time fires once at the next valid instant', () => {
    expect(local(cron('30 2 * * *', 'America/New_York'), '2026-03-07T00:00:00Z', 3)).toEqual([
      '2026-03-07T02:30:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-09T02:30:00-04:00',
    ]);
  });

  // Fall back: 2026-11-01 02:00 EDT becomes 01:00 EST; 01:30 happens twice.
  it('America/New_York fall back: a repeated local time fires once', () => {
    expect(local(cron('30 1 * * *', 'America/New_York'), '2026-10-31T00:00:00Z', 3)).toEqual([
      '2026-10-31T01:30:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-02T01:30:00-05:00',
    ]);
  });

  it('America/New_York fall back: "every 30 minutes" keeps real time through the repeated hour', () => {
    const instants = nextRuns(cron('*/30 * * * *', 'America/New_York'), new Date('2026-11-01T04:45:00Z'), 6);
    const gaps = instants.slice(1).map((d, i) => d.getTime() - (instants[i] as Date).getTime());
    expect(gaps.every((gap) => gap === 30 * 60_000)).toBe(true);
  });

  // Melbourne: 2026-04-05 03:00 AEDT becomes 02:00 AEST; 2026-10-04 02:00 AEST becomes 03:00 AEDT.
  it('Australia/Melbourne fall back and spring forward', () => {
    expect(local(cron('30 2 * * *', 'Australia/Melbourne'), '2026-04-03T12:00:00Z', 3)).toEqual([
      '2026-04-04T02:30:00+11:00',
      '2026-04-05T02:30:00+11:00',
      '2026-04-06T02:30:00+10:00',
    ]);
    expect(local(cron('30 2 * * *', 'Australia/Melbourne'), '2026-10-02T12:00:00Z', 3)).toEqual([
      '2026-10-03T02:30:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-05T02:30:00+11:00',
    ]);
  });

  // Lord Howe shifts by 30 minutes: 2026-04-05 02:00 (+11) becomes 01:30 (+10:30); 2026-10-04 02:00 (+10:30) becomes 02:30 (+11).
  it('Australia/Lord_Howe: the 30-minute shift in both directions', () => {
    expect(local(cron('45 1 * * *', 'Australia/Lord_Howe'), '2026-04-03T12:00:00Z', 3)).toEqual([
      '2026-04-04T01:45:00+11:00',
      '2026-04-05T01:45:00+11:00',
      '2026-04-06T01:45:00+10:30',
    ]);
    expect(local(cron('15 2 * * *', 'Australia/Lord_Howe'), '2026-10-02T12:00:00Z', 3)).toEqual([
      '2026-10-03T02:15:00+10:30',
      '2026-10-04T02:30:00+11:00',
      '2026-10-05T02:15:00+11:00',
    ]);
  });
});

describe('nextRuns', () => {
  it('reads six fields as seconds first', () => {
    expect(nextRuns(cron('*/5 * * * * *', 'UTC'), new Date('2026-01-01T00:00:01Z'), 2).map((d) => d.toISOString())).toEqual([
      '2026-01-01T00:00:05.000Z',
      '2026-01-01T00:00:10.000Z',
    ]);
  });

  it('keeps within the start and end dates', () => {
    const window = cron('0 9 * * *', 'Europe/Berlin', { startAt: '2026-06-10T00:00:00Z', endAt: '2026-06-12T12:00:00Z' });
    expect(local(window, '2026-06-01T00:00:00Z', 5)).toEqual(['2026-06-10T09:00:00+02:00', '2026-06-11T09:00:00+02:00', '2026-06-12T09:00:00+02:00']);
  });

  it('counts intervals from the anchor, a start date included', () => {
    const window: ScheduleWindow = { timing: { kind: 'interval', intervalSeconds: 90 }, timezone: 'UTC', anchor: '2026-01-01T00:00:00Z' };
    expect(nextRuns(window, new Date('2026-01-01T00:02:00Z'), 2).map((d) => d.toISOString())).toEqual(['2026-01-01T00:03:00.000Z', '2026-01-01T00:04:30.000Z']);
    const started = { ...window, startAt: '2026-01-01T00:10:00Z' };
    expect(nextRuns(started, new Date('2026-01-01T00:02:00Z'), 1).map((d) => d.toISOString())).toEqual(['2026-01-01T00:10:00.000Z']);
  });

  it('fires a one-off once, and never once it has passed', () => {
    const window: ScheduleWindow = { timing: { kind: 'once', runAt: '2026-05-01T10:00:00Z' }, timezone: 'UTC', anchor: '2026-01-01T00:00:00Z' };
    expect(nextRuns(window, new Date('2026-04-01T00:00:00Z'), 5)).toHaveLength(1);
    expect(nextRuns(window, new Date('2026-05-01T10:00:00Z'), 5)).toHaveLength(0);
  });

  it('lists every instant in a stretch, bounded', () => {
    const window = cron('* * * * *', 'UTC');
    expect(instantsBetween(window, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:05:00Z'), 100)).toHaveLength(5);
    expect(instantsBetween(window, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00Z'), 250)).toHaveLength(250);
  });

  it('writes instants with the zone offset', () => {
    expect(isoInZone(new Date('2026-01-15T12:00:00Z'), 'UTC')).toBe('2026-01-15T12:00:00+00:00');
    expect(isoInZone(new Date('2026-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T17:30:00+05:30');
  });
});
