import type { Schedule } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { draftFrom, draftIssues, draftToInput, newDraft, previewRuns } from './schedule-form';

const NOW = new Date('2026-11-24T10:00:00.000Z');

describe('schedule form', () => {
  it('turns a valid cron draft into a body that clears the other timings', () => {
    const draft = { ...newDraft('Europe/Berlin'), name: ' Mornings ', cron: '0 9 * * 1-5' };
    expect(draftIssues(draft, NOW)).toEqual({});
    expect(draftToInput(draft, NOW)).toEqual({
      name: 'Mornings',
      cron: '0 9 * * 1-5',
      intervalSeconds: null,
      runAt: null,
      timezone: 'Europe/Berlin',
      overlapPolicy: 'skip',
      catchUpPolicy: 'skip',
      inputs: {},
    });
    // Weekdays at 09:00 in Berlin (UTC+1 in November): Wednesday the 25th is next.
    expect(previewRuns(draft, NOW, 2)).toEqual(['2026-11-25T08:00:00.000Z', '2026-11-26T08:00:00.000Z']);
  });

  it("names the field and says why, with the server's words", () => {
    expect(draftIssues({ ...newDraft('UTC'), cron: '61 * * * *' }, NOW)).toEqual({ cron: 'Cron expression `61 * * * *`: minute must be 0–59' });
    expect(draftIssues({ ...newDraft('Europe/Berln') }, NOW).timezone).toMatch(/^Unknown time zone `Europe\/Berln`/);
    expect(draftIssues({ ...newDraft('UTC'), kind: 'interval', intervalValue: '1.5' }, NOW)).toEqual({ interval: 'Enter a whole number, at least 1' });
    expect(draftIssues({ ...newDraft('UTC'), kind: 'once', runAt: '2026-11-24T09:00' }, NOW)).toEqual({
      runAt: 'This time has passed: pick one in the future',
    });
    expect(previewRuns({ ...newDraft('UTC'), cron: 'nope' }, NOW)).toEqual([]);
    // Past ten years an interval is refused here as the server refuses it.
    expect(draftIssues({ ...newDraft('UTC'), kind: 'interval', intervalValue: '100000', intervalUnit: 'days' }, NOW).interval).toMatch(
      /^Interval must be at most 315360000 seconds \(ten years\)/,
    );
  });

  it('reads intervals and one-offs in the zone, and back from a stored schedule', () => {
    const interval = { ...newDraft('UTC'), kind: 'interval' as const, intervalValue: '90', intervalUnit: 'minutes' as const };
    expect(draftToInput(interval, NOW)).toMatchObject({ cron: null, intervalSeconds: 5400, runAt: null });
    const once = { ...newDraft('America/New_York'), kind: 'once' as const, runAt: '2026-12-01T09:00' };
    expect(draftToInput(once, NOW)).toMatchObject({ cron: null, intervalSeconds: null, runAt: '2026-12-01T14:00:00.000Z' });
    expect(previewRuns(once, NOW)).toEqual(['2026-12-01T14:00:00.000Z']);

    const stored = {
      name: 'Hourly',
      cron: null,
      intervalSeconds: 7200,
      runAt: null,
      timezone: 'Asia/Tokyo',
      overlapPolicy: 'queue',
      catchUpPolicy: 'run_once',
      inputs: { in: 'hello', other: { a: 1 } },
    } as unknown as Schedule;
    expect(draftFrom(stored)).toMatchObject({
      kind: 'interval',
      intervalValue: '2',
      intervalUnit: 'hours',
      overlapPolicy: 'queue',
      catchUpPolicy: 'run_once',
      inputs: { in: 'hello', other: '{"a":1}' },
    });
  });
});
