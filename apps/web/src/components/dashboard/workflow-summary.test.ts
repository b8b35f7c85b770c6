import { describe, expect, it } from 'vitest';
import { nodeCountLabel, runStatusLook, scheduleLook } from './workflow-summary';

describe('runStatusLook', () => {
  it('reads a missing status as "Never run"', () => {
    expect(runStatusLook(null)).toEqual({ label: 'Never run', tone: 'neutral' });
  });

  it('colours known statuses', () => {
    expect(runStatusLook('succeeded').tone).toBe('ok');
    expect(runStatusLook('FAILED')).toEqual({ label: 'Failed', tone: 'danger' });
  });

  it('shows an unknown status as written, capitalised', () => {
    expect(runStatusLook('skipped')).toEqual({ label: 'Skipped', tone: 'neutral' });
  });
});

describe('scheduleLook', () => {
  it('says "Not scheduled" for null', () => {
    expect(scheduleLook(null)).toEqual({ label: 'Not scheduled', active: false });
  });

  it('shows the cron expression, zone and a paused state', () => {
    expect(scheduleLook({ cron: '0 9 * * 1-5', timezone: 'Europe/Paris', enabled: false })).toEqual({
      label: '0 9 * * 1-5',
      detail: 'Europe/Paris · Paused',
      active: false,
    });
    expect(scheduleLook({ cronExpression: '*/5 * * * *', enabled: true })).toEqual({ label: '*/5 * * * *', detail: undefined, active: true });
  });
});

describe('nodeCountLabel', () => {
  it('uses the singular for one', () => {
    expect(nodeCountLabel(1)).toBe('1 node');
    expect(nodeCountLabel(0)).toBe('0 nodes');
  });
});
