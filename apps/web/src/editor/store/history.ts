import type { DocumentSnapshot } from './types';

/** How many undo steps are kept; snapshots share unchanged nodes, so each is small. */
export const HISTORY_LIMIT = 100;

export interface History {
  readonly past: readonly DocumentSnapshot[];
  readonly future: readonly DocumentSnapshot[];
  /**
   * The key of the last committed change, so that a run of edits to one thing (typing in
   * one config field, renaming) becomes one undo step instead of one per keystroke.
   */
  readonly lastKey: string | null;
}

export const EMPTY_HISTORY: History = { past: [], future: [], lastKey: null };

/**
 * Records `before` as an undo step for a change about to be made. A change with the same
 * `key` as the previous one joins its step; any other change (or none) starts a new one.
 */
export function record(history: History, before: DocumentSnapshot, key?: string): History {
  if (key !== undefined && key === history.lastKey) return { ...history, future: [] };
  const past = [...history.past, before];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, future: [], lastKey: key ?? null };
}

/** Steps back: returns the snapshot to show and the history after it, or null at the start. */
export function undo(history: History, current: DocumentSnapshot): { snapshot: DocumentSnapshot; history: History } | null {
  const snapshot = history.past.at(-1);
  if (!snapshot) return null;
  return { snapshot, history: { past: history.past.slice(0, -1), future: [current, ...history.future], lastKey: null } };
}

export function redo(history: History, current: DocumentSnapshot): { snapshot: DocumentSnapshot; history: History } | null {
  const snapshot = history.future[0];
  if (!snapshot) return null;
  return { snapshot, history: { past: [...history.past, current], future: history.future.slice(1), lastKey: null } };
}
