import type { Schedule } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { waitsToBeTurnedOn } from './useWaitingSchedule';

const created = '2026-11-27T09:00:00.000Z';
const schedule = (change: Partial<Schedule>): Schedule => ({
  id: 's1',
  workflowId: 'w1',
  workflowName: 'Daily summary',
  name: 'Weekdays at 09:00',
  enabled: false,
  cron: '0 9 * * 1-5',
  intervalSeconds: null,
  runAt: null,
  timezone: 'UTC',
  inputs: {},
  overlapPolicy: 'skip',
  catchUpPolicy: 'skip',
  startAt: null,
  endAt: null,
  nextRuns: [],
  lastRun: null,
  createdAt: created,
  updatedAt: created,
  ...change,
});

describe('a schedule that waits to be turned on', () => {
  it('is one created paused and never changed or run, as "Use template" makes it', () => {
    expect(waitsToBeTurnedOn(schedule({}))).toBe(true);
    expect(waitsToBeTurnedOn(schedule({ enabled: true }))).toBe(false);
    // Paused, resumed or edited by the user since: their own choice.
    expect(waitsToBeTurnedOn(schedule({ updatedAt: '2026-11-27T10:00:00.000Z' }))).toBe(false);
    expect(waitsToBeTurnedOn(schedule({ lastRun: { executionId: 'e1', status: 'success', at: created } }))).toBe(false);
  });
});
