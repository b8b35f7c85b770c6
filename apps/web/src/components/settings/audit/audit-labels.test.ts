import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../api/useAuditLog';
import { actionLabel, peopleIn, targetText } from './audit-labels';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-01-01T00:00:00.000Z',
  actor: { userId: 'u', label: 'ann@example.com' },
  action: 'workflow.update',
  target: null,
  details: null,
  ip: null,
  ...over,
});

describe('audit labels', () => {
  it('words known actions and shows unknown ones as they are', () => {
    expect(actionLabel('workflow.restore')).toBe('Restored workflow version');
    expect(actionLabel('member.promoted_to_astronaut')).toBe('member.promoted_to_astronaut');
  });

  it('names the target, falling back to its id, with a restored version', () => {
    expect(targetText(entry({ target: { type: 'workflow', id: 'w1', label: 'Invoices' }, details: { version: 3 } }))).toBe('Invoices (version 3)');
    expect(targetText(entry({ target: { type: 'workflow', id: 'w1', label: null } }))).toBe('w1');
    expect(targetText(entry({}))).toBe('');
    expect(targetText(entry({ target: { type: 'member', id: 'u2', label: 'bo@example.com' }, details: { role: 'editor' } }))).toBe('bo@example.com as editor');
  });

  it('lists each person once, sorted, keeping the chosen one', () => {
    const list = [entry({}), entry({ actor: { userId: null, label: 'bo@example.com' } }), entry({}), entry({ actor: { userId: null, label: 'system' } })];
    expect(peopleIn(list, 'zed@example.com')).toEqual(['ann@example.com', 'bo@example.com', 'zed@example.com']);
    expect(peopleIn([], '', ['cy@example.com', 'ann@example.com'])).toEqual(['ann@example.com', 'cy@example.com']);
  });
});
