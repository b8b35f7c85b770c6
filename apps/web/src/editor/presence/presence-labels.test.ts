import { describe, expect, it } from 'vitest';
import type { WorkflowViewer } from '../../api/presence';
import { presenceSummary, sinceText, viewerLabel } from './presence-labels';

const viewer = (over: Partial<WorkflowViewer> = {}): WorkflowViewer => ({
  sessionId: 'tab-1',
  userId: 'u1',
  name: 'Ada Lovelace',
  sameUser: false,
  since: '2026-03-02T09:05:00',
  seenAt: '2026-03-02T09:05:00',
  ...over,
});

describe('presence labels', () => {
  const now = new Date('2026-03-02T11:00:00');

  it('names the person and the time they opened it today, or "You, in another tab"', () => {
    expect(viewerLabel(viewer(), now, 'en-GB')).toBe('Ada Lovelace · here since 09:05');
    expect(viewerLabel(viewer({ sameUser: true }), now, 'en-GB')).toBe('You, in another tab · here since 09:05');
  });

  it('adds the weekday within a week and the date beyond', () => {
    expect(sinceText(new Date('2026-02-28T16:30:00'), now, 'en-GB')).toBe('Sat 16:30');
    expect(sinceText(new Date('2026-01-10T16:30:00'), now, 'en-GB')).toBe('10 Jan 2026');
  });

  it('sums up other people and the own other tabs apart', () => {
    expect(presenceSummary([])).toBe('Nobody else has this workflow open');
    expect(presenceSummary([viewer({ sameUser: true })])).toBe('Also open in another tab of yours');
    expect(presenceSummary([viewer({ sameUser: true }), viewer({ sameUser: true, sessionId: 't2' })])).toBe('Also open in 2 other tabs of yours');
    expect(presenceSummary([viewer(), viewer({ userId: 'u2', sessionId: 't2' })])).toBe('2 others have this workflow open');
  });
});
