import { describe, expect, it } from 'vitest';
import { describePolicies, describeSeconds, overlapLabel } from './schedule-policies';
import { testSchedule } from './test-schedule';

describe('schedule policies in words (a row of the lists, the folded form section)', () => {
  it('says nothing for the defaults and names each policy that differs', () => {
    expect(describePolicies(testSchedule())).toBe('');
    expect(
      describePolicies(
        testSchedule({ overlapPolicy: 'cancel_other', catchUpPolicy: 'run_once', catchUpWindowSeconds: 0, pauseAfterFailures: 1, jitterSeconds: 90 }),
      ),
    ).toBe('Cancel other · runs once after missed times · catch-up window 0 s · pauses after 1 failure · jitter 90 s');
    expect(overlapLabel('buffer_one')).toBe('Buffer one');
  });

  it('says a number of seconds in the largest whole unit', () => {
    expect([0, 45, 300, 7200, 86_400, 172_800, 31_536_000].map(describeSeconds)).toEqual(['0 s', '45 s', '5 min', '2 h', '1 day', '2 days', '365 days']);
  });
});
