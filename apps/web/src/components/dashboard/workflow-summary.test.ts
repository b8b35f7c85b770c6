import { EXECUTION_STATUSES } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { nodeCountLabel, runStatusLook, scheduleLook } from './workflow-summary';

describe('runStatusLook', () => {
  it('reads a missing status as "Never run"', () => {
    expect(runStatusLook(null)).toEqual({ label: 'Never run', tone: 'neutral' });
  });

  it('colours every status the server sends', () => {
    expect(EXECUTION_STATUSES.map((status) => runStatusLook(status).label)).toEqual([
      'Queued',
      'Running',
      'Waiting for approval',
      'Succeeded',
      'Failed',
      'Cancelled',
    ]);
    expect(runStatusLook('success').tone).toBe('ok');
    expect(runStatusLook('error')).toEqual({ label: 'Failed', tone: 'danger' });
  });

  it('shows an unknown status as written, capitalised', () => {
    expect(runStatusLook('skipped')).toEqual({ label: 'Skipped', tone: 'neutral' });
  });
});

describe('scheduleLook', () => {
  const summary = {
    count: 1,
    enabled: 1,
    nextRunAt: '2026-11-25T08:00:00.000Z',
    cron: '0 9 * * 1-5',
    intervalSeconds: null,
    runAt: null,
    timezone: 'Europe/Paris',
  };

  it('says "Not scheduled" for null', () => {
    expect(scheduleLook(null)).toEqual({ label: 'Not scheduled', active: false });
  });

  const now = new Date('2026-11-25T05:00:00.000Z');

  it('says when it runs and how soon the next run is, its exact time in the schedule zone for the tooltip', () => {
    expect(scheduleLook(summary, now)).toEqual({
      label: 'At 09:00, Monday through Friday',
      detail: 'Next in 3 hours',
      nextExact: 'Wed 25 Nov, 09:00',
      active: true,
    });
    expect(scheduleLook({ ...summary, count: 3, cron: null, intervalSeconds: 900 }, now)).toMatchObject({
      label: 'Every 15 minutes',
      detail: 'Next in 3 hours · 3 schedules',
    });
    expect(scheduleLook({ ...summary, nextRunAt: '2026-11-25T05:20:00.000Z' }, now).detail).toBe('Next in 20 minutes');
    expect(scheduleLook({ ...summary, nextRunAt: null }, now)).toMatchObject({ detail: 'No more runs', active: true });
  });

  it('shows a paused state', () => {
    expect(scheduleLook({ ...summary, enabled: 0, nextRunAt: null })).toEqual({
      label: 'At 09:00, Monday through Friday',
      detail: 'Paused',
      active: false,
      paused: true,
    });
    expect(scheduleLook({ ...summary, count: 2, enabled: 0, nextRunAt: null }).detail).toBe('All paused · 2 schedules');
  });
});

describe('nodeCountLabel', () => {
  it('uses the singular for one', () => {
    expect(nodeCountLabel(1)).toBe('1 node');
    expect(nodeCountLabel(0)).toBe('0 nodes');
  });
});
