import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, HISTORY_LIMIT, record, redo, undo } from './history';
import type { DocumentSnapshot } from './types';

const snap = (name: string): DocumentSnapshot => ({ name, nodes: [], edges: [], globalParameters: {} });

describe('undo history', () => {
  it('undoes and redoes in order', () => {
    let h = record(EMPTY_HISTORY, snap('a'));
    h = record(h, snap('b'));
    const u1 = undo(h, snap('c'));
    expect(u1?.snapshot.name).toBe('b');
    const u2 = u1 && undo(u1.history, u1.snapshot);
    expect(u2?.snapshot.name).toBe('a');
    expect(u2 && undo(u2.history, u2.snapshot)).toBeNull();
    const r1 = u2 && redo(u2.history, u2.snapshot);
    expect(r1?.snapshot.name).toBe('b');
    const r2 = r1 && redo(r1.history, r1.snapshot);
    expect(r2?.snapshot.name).toBe('c');
    expect(r2 && redo(r2.history, r2.snapshot)).toBeNull();
  });

  it('joins changes with the same key into one step and splits on another change', () => {
    let h = record(EMPTY_HISTORY, snap('before typing'), 'name');
    h = record(h, snap('typed one letter'), 'name');
    expect(h.past.map((s) => s.name)).toEqual(['before typing']);
    h = record(h, snap('other'));
    h = record(h, snap('typing again'), 'name');
    expect(h.past).toHaveLength(3);
  });

  it('drops the redo branch on a new change', () => {
    const h = record(EMPTY_HISTORY, snap('a'));
    const u = undo(h, snap('b'));
    expect(u?.history.future).toHaveLength(1);
    expect(u && record(u.history, snap('a')).future).toHaveLength(0);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = record(h, snap(String(i)));
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]?.name).toBe('5');
  });
});
