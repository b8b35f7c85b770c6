import type { Schedule } from '@weft/core';

/** When `testSchedule` was created and last changed, unless a test says otherwise. */
export const TEST_SCHEDULE_CREATED = '2026-11-27T09:00:00.000Z';

/**
 * A stored schedule for the web's unit tests, as "Use template" leaves it: weekdays at
 * 09:00, created paused, never changed or run. A test changes what it is about.
 */
export function testSchedule(change: Partial<Schedule> = {}): Schedule {
  return {
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
    catchUpWindowSeconds: null,
    pauseAfterFailures: 0,
    jitterSeconds: 0,
    startAt: null,
    endAt: null,
    nextRuns: [],
    lastRun: null,
    createdAt: TEST_SCHEDULE_CREATED,
    updatedAt: TEST_SCHEDULE_CREATED,
    ...change,
  };
}
