import { describe, expect, it } from 'vitest';
import type { ScheduleWindow } from './next-runs.js';
import { overlapPolicyOf, SCHEDULE_SETTING_LIMITS } from './schedule-timing.js';
import { decideOverlap, jitterOffsetMs, planTicks } from './tick-plan.js';

const everyMinute: ScheduleWindow = { timing: { kind: 'cron', cron: '* * * * *' }, timezone: 'UTC', anchor: '2026-01-01T00:00:00Z' };
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null | undefined) => d?.toISOString();

describe('planTicks', () => {
  it('runs a tick that is due and on time, and says when the next one is', () => {
    const plan = planTicks(everyMinute, at('2026-01-01T00:01:00Z'), at('2026-01-01T00:01:00.200Z'), 60_000, 'skip');
    expect(plan.run.map((r) => iso(r.instant))).toEqual(['2026-01-01T00:01:00.000Z']);
    expect(plan.missed).toBeNull();
    expect(iso(plan.nextFireAt)).toBe('2026-01-01T00:02:00.000Z');
  });

  it('counts a tick more than the grace period late as missed, and records the stretch (skip)', () => {
    const plan = planTicks(everyMinute, at('2026-01-01T00:01:00Z'), at('2026-01-01T00:10:30Z'), 60_000, 'skip');
    // 00:10 is 30 s late: on time. 00:01…00:09 are missed.
    expect(plan.run.map((r) => iso(r.instant))).toEqual(['2026-01-01T00:10:00.000Z']);
    expect(plan.missed).toMatchObject({ count: 9, more: false });
    expect(iso(plan.missed?.first)).toBe('2026-01-01T00:01:00.000Z');
    expect(iso(plan.missed?.last)).toBe('2026-01-01T00:09:00.000Z');
  });

  it('run_once runs the latest missed tick once when none is on time', () => {
    const hourly: ScheduleWindow = { ...everyMinute, timing: { kind: 'cron', cron: '0 * * * *' } };
    const plan = planTicks(hourly, at('2026-01-01T01:00:00Z'), at('2026-01-01T03:30:00Z'), 60_000, 'run_once');
    expect(plan.run).toEqual([{ instant: at('2026-01-01T03:00:00Z'), catchUp: true }]);
    expect(plan.missed).toMatchObject({ count: 2 });
    const skipped = planTicks(hourly, at('2026-01-01T01:00:00Z'), at('2026-01-01T03:30:00Z'), 60_000, 'skip');
    expect(skipped.run).toEqual([]);
    expect(skipped.missed).toMatchObject({ count: 3 });
  });

  it('runs every on-time tick when the scheduler woke a little late', () => {
    const everySecond: ScheduleWindow = { ...everyMinute, timing: { kind: 'cron', cron: '* * * * * *' } };
    const plan = planTicks(everySecond, at('2026-01-01T00:00:01Z'), at('2026-01-01T00:00:03.500Z'), 60_000, 'skip');
    expect(plan.run.map((r) => iso(r.instant))).toEqual(['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z', '2026-01-01T00:00:03.000Z']);
  });

  it('bounds a long stretch and says there were more', () => {
    const everySecond: ScheduleWindow = { ...everyMinute, timing: { kind: 'cron', cron: '* * * * * *' } };
    const plan = planTicks(everySecond, at('2026-01-01T00:00:01Z'), at('2026-01-02T00:00:00Z'), 60_000, 'skip');
    expect(plan.missed).toMatchObject({ more: true });
    expect(iso(plan.nextFireAt)).toBe('2026-01-02T00:00:01.000Z');
  });

  it('ends a one-off after it ran', () => {
    const once: ScheduleWindow = { ...everyMinute, timing: { kind: 'once', runAt: '2026-01-01T05:00:00Z' } };
    const plan = planTicks(once, at('2026-01-01T05:00:00Z'), at('2026-01-01T05:00:01Z'), 60_000, 'skip');
    expect(plan.run).toHaveLength(1);
    expect(plan.nextFireAt).toBeNull();
  });
});

describe('decideOverlap', () => {
  const idle = { running: false, earlierPending: 0, earlierWaiting: 0 };
  const running = { ...idle, running: true };

  it('skips, waits, cancels or runs as the policy says', () => {
    expect(decideOverlap('skip', running)).toBe('skip');
    expect(decideOverlap('skip', idle)).toBe('run');
    expect(decideOverlap('allow_all', running)).toBe('run');
    expect(decideOverlap('buffer_one', running)).toBe('wait');
    expect(decideOverlap('buffer_one', { ...running, earlierWaiting: 1 })).toBe('skip');
    expect(decideOverlap('buffer_one', idle)).toBe('run');
    expect(decideOverlap('buffer_all', { ...running, earlierWaiting: 5 })).toBe('wait');
    expect(decideOverlap('cancel_other', running)).toBe('cancel_then_run');
    expect(decideOverlap('cancel_other', idle)).toBe('run');
  });

  it('treats an earlier tick being started elsewhere as running, and lets an earlier waiting tick go first', () => {
    expect(decideOverlap('skip', { ...idle, earlierPending: 1 })).toBe('skip');
    expect(decideOverlap('buffer_all', { ...idle, earlierPending: 1 })).toBe('wait');
    // The previous run ended but a tick still waits for its turn: a later one must not overtake it.
    expect(decideOverlap('buffer_all', { ...idle, earlierWaiting: 1 })).toBe('wait');
    expect(decideOverlap('buffer_one', { ...idle, earlierWaiting: 1 })).toBe('skip');
  });

  it('bounds buffer_all', () => {
    expect(decideOverlap('buffer_all', { ...running, earlierWaiting: SCHEDULE_SETTING_LIMITS.bufferedTicks })).toBe('skip');
  });
});

describe('jitterOffsetMs', () => {
  it('is the same for every caller, inside the window, and spread', () => {
    const instant = new Date('2026-01-01T09:00:00Z');
    expect(jitterOffsetMs('s1', instant, 0)).toBe(0);
    expect(jitterOffsetMs('s1', instant, 60)).toBe(jitterOffsetMs('s1', instant, 60));
    const offsets = Array.from({ length: 200 }, (_, index) => jitterOffsetMs(`schedule-${index}`, instant, 60));
    for (const offset of offsets) expect(offset).toBeGreaterThanOrEqual(0);
    for (const offset of offsets) expect(offset).toBeLessThan(60_000);
    // Spread: no tenth of the window holds more than a quarter of them.
    const buckets = new Array(10).fill(0);
    for (const offset of offsets) buckets[Math.floor(offset / 6000)] += 1;
    expect(Math.max(...buckets)).toBeLessThan(50);
  });
});

describe('overlapPolicyOf', () => {
  it('reads the first release names and defaults to skip', () => {
    expect(overlapPolicyOf('queue')).toBe('buffer_one');
    expect(overlapPolicyOf('allow')).toBe('allow_all');
    expect(overlapPolicyOf('buffer_all')).toBe('buffer_all');
    expect(overlapPolicyOf('nonsense')).toBe('skip');
    expect(overlapPolicyOf(null)).toBe('skip');
  });
});
