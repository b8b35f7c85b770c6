import { describe, expect, it } from 'vitest';
import { TEST_SCHEDULE_CREATED, testSchedule } from '../../components/schedules/test-schedule';
import { waitsToBeTurnedOn } from './useWaitingSchedule';

describe('a schedule that waits to be turned on', () => {
  it('is one created paused and never changed or run, as "Use template" makes it', () => {
    expect(waitsToBeTurnedOn(testSchedule({}))).toBe(true);
    expect(waitsToBeTurnedOn(testSchedule({ enabled: true }))).toBe(false);
    // Paused, resumed or edited by the user since: their own choice.
    expect(waitsToBeTurnedOn(testSchedule({ updatedAt: '2026-11-27T10:00:00.000Z' }))).toBe(false);
    expect(waitsToBeTurnedOn(testSchedule({ lastRun: { executionId: 'e1', status: 'success', at: TEST_SCHEDULE_CREATED } }))).toBe(false);
  });
});
