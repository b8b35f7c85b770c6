import { describe, expect, it } from 'vitest';
import { ACTIVE_EXECUTION_STATUSES, EXECUTION_STATUSES, isActiveStatus } from './executions.js';

describe('active execution statuses', () => {
  it('are queued and running; a run waiting for approval holds no slot, and the rest are final', () => {
    expect(EXECUTION_STATUSES.filter(isActiveStatus)).toEqual(['queued', 'running']);
    expect(EXECUTION_STATUSES.filter((status) => !isActiveStatus(status))).toEqual(['waiting', 'success', 'error', 'cancelled']);
    expect(ACTIVE_EXECUTION_STATUSES).toEqual(['queued', 'running']);
  });

  it('reads a node status and an unknown word too', () => {
    expect(['idle', 'queued', 'running', 'skipped', 'pending', ''].map(isActiveStatus)).toEqual([false, true, true, false, false, false]);
  });
});
