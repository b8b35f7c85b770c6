import { describe, expect, it } from 'vitest';
import { checkBackfill, newBackfillDraft } from './backfill-form';
import { testSchedule } from './test-schedule';

const NOW = new Date('2026-11-24T10:00:30.000Z');
const perMinute = testSchedule({ cron: '* * * * *', timezone: 'Asia/Tokyo' });

describe('backfill form', () => {
  it('starts on the last hour up to the current minute, in the schedule’s zone, one run after another', () => {
    // Tokyo is UTC+9: 10:00 UTC is 19:00 there.
    expect(newBackfillDraft(perMinute, NOW)).toEqual({ from: '2026-11-24T18:00', to: '2026-11-24T19:00', overlapPolicy: 'buffer_all' });
  });

  it('reads the range in the schedule’s zone and counts its run times, both ends included', () => {
    const check = checkBackfill(perMinute, { from: '2026-11-24T18:50', to: '2026-11-24T18:54', overlapPolicy: 'allow_all' }, NOW);
    expect(check).toEqual({
      ok: true,
      input: { startAt: '2026-11-24T09:50:00.000Z', endAt: '2026-11-24T09:54:00.000Z', overlapPolicy: 'allow_all' },
      count: 5,
      exact: true,
    });
    // Weekdays at 09:00 Tokyo: Monday 23rd and Tuesday 24th in this range.
    const weekdays = testSchedule({ cron: '0 9 * * 1-5', timezone: 'Asia/Tokyo' });
    expect(checkBackfill(weekdays, { from: '2026-11-21T00:00', to: '2026-11-24T12:00', overlapPolicy: 'buffer_all' }, NOW)).toMatchObject({
      ok: true,
      count: 2,
    });
  });

  it('refuses what the server refuses, in its words, under the field', () => {
    const check = (from: string, to: string, schedule = perMinute) => checkBackfill(schedule, { from, to, overlapPolicy: 'buffer_all' }, NOW);
    expect(check('', '')).toEqual({ ok: false, issues: { from: 'Pick the date and time the range starts', to: 'Pick the date and time the range ends' } });
    expect(check('2026-11-24T18:00', '2026-11-24T19:01')).toEqual({
      ok: false,
      issues: { to: 'The end must be in the past: a backfill runs the times of a range that is over' },
    });
    expect(check('2026-11-24T18:00', '2026-11-24T17:00')).toEqual({ ok: false, issues: { to: 'The end must not be before the start' } });
    // 1,001 minutes: one more than a backfill runs.
    expect(check('2026-11-23T19:20', '2026-11-24T12:00')).toEqual({
      ok: false,
      issues: { to: 'This range holds more than 1000 runs of the schedule; choose a shorter range' },
    });
    expect(check('2026-11-23T19:21', '2026-11-24T12:00')).toMatchObject({ ok: true, count: 1000 });
    expect(check('2026-11-24T10:00', '2026-11-24T12:00', testSchedule({ cron: '0 9 * * 1-5', timezone: 'Asia/Tokyo' }))).toEqual({
      ok: false,
      issues: { to: 'The schedule has no run time in this range' },
    });
  });

  it('counts an interval from its start, as about: the server decides at the edges', () => {
    const hourly = testSchedule({ cron: null, intervalSeconds: 3600, timezone: 'UTC', createdAt: '2026-11-01T00:30:00.000Z' });
    expect(checkBackfill(hourly, { from: '2026-11-24T00:00', to: '2026-11-24T05:00', overlapPolicy: 'buffer_all' }, NOW)).toMatchObject({
      ok: true,
      count: 5,
      exact: false,
    });
    expect(checkBackfill(hourly, { from: '2026-11-24T00:00', to: '2026-11-24T00:10', overlapPolicy: 'buffer_all' }, NOW)).toMatchObject({
      ok: true,
      count: 0,
      exact: false,
    });
  });
});
