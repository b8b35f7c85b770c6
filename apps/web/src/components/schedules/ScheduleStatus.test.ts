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

  it('shows the note a person left when pausing, beside Weft’s own reason', () => {
    const html = render({ ...schedule, pauseNote: 'Until the <API> key is renewed' });
    expect(html).toContain('Paused:</span> Until the &lt;API&gt; key is renewed');
    expect(html).not.toContain('role="status"');
    const both = render({ ...schedule, pausedReason: 'Paused after 3 failed runs in a row.', pauseNote: 'Looking into it' });
    expect(both.indexOf('Paused after 3 failed runs')).toBeLessThan(both.indexOf('Looking into it'));
  });

  it('puts a stored problem first, and says nothing for a schedule paused by hand without a note', () => {
    expect(render({ ...schedule, problem: 'This schedule cannot run as stored', pausedReason: 'Paused: …', pauseNote: 'x' })).not.toContain('Paused:</span>');
    expect(render({ ...schedule, problem: 'This schedule cannot run as stored', pausedReason: 'Paused: …' })).toContain('role="alert"');
    expect(render(schedule)).toBe('');
  });
});
