import type { Schedule } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { draftFrom, draftIssues, draftToInput, hasCustomPolicies, newDraft, previewRuns } from './schedule-form';
import { testSchedule } from './test-schedule';

const NOW = new Date('2026-11-24T10:00:00.000Z');

describe('schedule form', () => {
  it('leaves the optional name empty: sent blank (the server names it), and empty again when edited', () => {
    const draft = newDraft('UTC');
    expect(draftIssues(draft, NOW)).toEqual({});
    expect(draftToInput(draft, NOW).name).toBe('');
    // As the server stores it: named after its timing, which the form does not show as a name.
    expect(draftFrom(testSchedule({ name: 'Cron 0 9 * * 1-5' })).name).toBe('');
    expect(draftFrom(testSchedule({ name: 'Mornings' })).name).toBe('Mornings');
  });

  it('previews a seconds cron at distinct instants', () => {
    const runs = previewRuns({ ...newDraft('UTC'), cron: '*/15 * * * * *' }, NOW, 4);
    expect(new Set(runs).size).toBe(4);
  });

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
      catchUpWindowSeconds: null,
      pauseAfterFailures: 0,
      jitterSeconds: 0,
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
      overlapPolicy: 'buffer_one',
      catchUpPolicy: 'run_once',
      catchUpWindowSeconds: null,
      pauseAfterFailures: 0,
      jitterSeconds: 0,
      inputs: { in: 'hello', other: { a: 1 } },
    } as unknown as Schedule;
    expect(draftFrom(stored)).toMatchObject({
      kind: 'interval',
      intervalValue: '2',
      intervalUnit: 'hours',
      overlapPolicy: 'buffer_one',
      catchUpPolicy: 'run_once',
      catchUpWindowMode: 'default',
      inputs: { in: 'hello', other: '{"a":1}' },
    });
  });

  it('sends the policies beside the timing: overlap, catch-up window, pause after failures, jitter', () => {
    const draft = {
      ...newDraft('UTC'),
      overlapPolicy: 'buffer_all' as const,
      catchUpWindowMode: 'custom' as const,
      catchUpWindowValue: '15',
      catchUpWindowUnit: 'minutes' as const,
      pauseAfterFailures: '3',
      jitterSeconds: '30',
    };
    expect(hasCustomPolicies(newDraft('UTC'))).toBe(false);
    expect(hasCustomPolicies(draft)).toBe(true);
    expect(draftIssues(draft, NOW)).toEqual({});
    expect(draftToInput(draft, NOW)).toMatchObject({ overlapPolicy: 'buffer_all', catchUpWindowSeconds: 900, pauseAfterFailures: 3, jitterSeconds: 30 });
    // Back from the stored schedule: the window in its largest whole unit, the rest as typed.
    const stored = testSchedule({ overlapPolicy: 'buffer_all', catchUpWindowSeconds: 900, pauseAfterFailures: 3, jitterSeconds: 30 });
    expect(draftFrom(stored)).toMatchObject({
      overlapPolicy: 'buffer_all',
      catchUpWindowMode: 'custom',
      catchUpWindowValue: '15',
      catchUpWindowUnit: 'minutes',
      pauseAfterFailures: '3',
      jitterSeconds: '30',
    });
    // A window of 0 is a choice of its own (a late run is missed at once), not the default.
    expect(draftFrom(testSchedule({ catchUpWindowSeconds: 0 }))).toMatchObject({
      catchUpWindowMode: 'custom',
      catchUpWindowValue: '0',
      catchUpWindowUnit: 'seconds',
    });
    expect(draftToInput(draftFrom(testSchedule({ catchUpWindowSeconds: 0 })), NOW).catchUpWindowSeconds).toBe(0);
  });

  it('refuses policy values outside what the server takes, each under its field, and keeps the timing preview', () => {
    const draft = {
      ...newDraft('UTC'),
      catchUpWindowMode: 'custom' as const,
      catchUpWindowValue: '366',
      catchUpWindowUnit: 'days' as const,
      pauseAfterFailures: '101',
      jitterSeconds: '3601',
    };
    // The server's words ("jitterSeconds must be a whole number from 0 to 3,600 (seconds)") with the form's labels and units.
    expect(draftIssues(draft, NOW)).toEqual({
      catchUpWindow: 'Catch-up window must be a whole number from 0 to 365 (days, a year at most)',
      pauseAfterFailures: 'Pause after must be a whole number from 0 to 100 (failed runs in a row; 0: never pause)',
      jitter: 'Jitter must be a whole number from 0 to 3,600 (seconds)',
    });
    expect(draftIssues({ ...draft, catchUpWindowValue: '1.5', catchUpWindowUnit: 'hours', pauseAfterFailures: '', jitterSeconds: '-1' }, NOW)).toEqual({
      catchUpWindow: 'Catch-up window must be a whole number from 0 to 8,760 (hours, a year at most)',
      pauseAfterFailures: 'Pause after must be a whole number from 0 to 100 (failed runs in a row; 0: never pause)',
      jitter: 'Jitter must be a whole number from 0 to 3,600 (seconds)',
    });
    expect(() => draftToInput(draft, NOW)).toThrow('Catch-up window must be a whole number from 0 to 365');
    // The timing is fine, so the next runs still show while a policy is being fixed.
    expect(previewRuns(draft, NOW, 1)).toEqual(['2026-11-25T09:00:00.000Z']);
    // Back to the default window: what was typed for a custom one no longer matters.
    expect(draftIssues({ ...draft, catchUpWindowMode: 'default', pauseAfterFailures: '0', jitterSeconds: '0' }, NOW)).toEqual({});
  });
});
