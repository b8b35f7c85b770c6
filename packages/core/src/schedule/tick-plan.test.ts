import { describe, expect, it } from 'vitest';
import type { ScheduleWindow } from './next-runs.js';
import { decideOverlap, planTicks } from './tick-plan.js';

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
  it('skips, waits or runs as the policy says', () => {
    expect(decideOverlap('skip', true, false)).toBe('skip');
    expect(decideOverlap('skip', false, false)).toBe('run');
    expect(decideOverlap('allow', true, false)).toBe('run');
    expect(decideOverlap('queue', true, false)).toBe('wait');
    expect(decideOverlap('queue', true, true)).toBe('skip');
    expect(decideOverlap('queue', false, false)).toBe('run');
  });
});
