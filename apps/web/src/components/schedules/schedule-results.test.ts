import type { ScheduleTick } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { backfillNotice, triggerNotice } from './schedule-results';
import { testSchedule } from './test-schedule';

const schedule = testSchedule({ name: 'Nightly report', workflowId: 'w 1' });
const tick = (outcome: ScheduleTick['outcome'], reason: string | null = null): ScheduleTick => ({
  scheduledFor: '2026-11-24T10:00:00+00:00',
  outcome,
  executionId: null,
  reason,
  createdAt: '2026-11-24T10:00:00.000Z',
  source: 'trigger',
});

describe('what a toast says after Run now and Backfill', () => {
  it('a started run links to it in the editor', () => {
    expect(triggerNotice(schedule, { tick: { ...tick('started'), executionId: 'e1' }, executionId: 'e1' })).toEqual({
      type: 'success',
      message: 'Started a run of “Nightly report”.',
      link: { to: '/workflow/w%201?execution=e1', label: 'Open the run' },
    });
  });

  it('a run that did not start says why, in the ledger’s words', () => {
    expect(triggerNotice(schedule, { tick: tick('skipped', 'the previous run (e0) was still going.'), executionId: null })).toEqual({
      type: 'warning',
      message: 'Not started: the previous run (e0) was still going.',
    });
    expect(triggerNotice(schedule, { tick: tick('waiting'), executionId: null })).toEqual({
      type: 'info',
      message: 'The previous run of “Nightly report” is still going: this one starts when it ends.',
    });
    expect(triggerNotice(schedule, { tick: tick('failed', 'Workflow has a node type that no longer exists'), executionId: 'e2' })).toEqual({
      type: 'error',
      message: 'The run could not start: Workflow has a node type that no longer exists.',
      link: { to: '/workflow/w%201?execution=e2', label: 'Open the run' },
    });
  });

  it('a backfill counts what it queued and what had already run', () => {
    expect(backfillNotice({ instants: 5, alreadyRan: 1 })).toEqual({ type: 'success', message: '5 runs queued, 1 already ran.' });
    expect(backfillNotice({ instants: 1, alreadyRan: 0 })).toEqual({ type: 'success', message: '1 run queued, 0 already ran.' });
    expect(backfillNotice({ instants: 0, alreadyRan: 3 })).toEqual({ type: 'info', message: '0 runs queued, 3 already ran.' });
  });
});
