import type { Schedule } from '@weft/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScheduleProblem } from './ScheduleStatus';
import { testSchedule } from './test-schedule';

const schedule = testSchedule();
const render = (value: Schedule) => renderToStaticMarkup(createElement(ScheduleProblem, { schedule: value }));

describe('ScheduleProblem (the schedule list and the editor’s schedule dialog)', () => {
  it('says why Weft paused a schedule by itself', () => {
    const reason = 'Paused: its last 2 runs were going when Weft stopped unexpectedly. Fix the workflow, then resume the schedule.';
    expect(render({ ...schedule, pausedReason: reason })).toBe(`<p role="status" class="mt-1 text-xs leading-5 whitespace-normal text-warn">${reason}</p>`);
  });

  it('puts a stored problem first, and says nothing for a schedule paused by hand', () => {
    expect(render({ ...schedule, problem: 'This schedule cannot run as stored', pausedReason: 'Paused: …' })).toContain('role="alert"');
    expect(render(schedule)).toBe('');
  });
});
