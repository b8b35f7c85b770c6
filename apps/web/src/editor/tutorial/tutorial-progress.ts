import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/**
 * Where the user is in the first-run tutorial, kept in local storage (SPEC.md section 9)
 * so a reload resumes it, and removed on sign-out with the other editor conveniences.
 */
export type TutorialProgress = { status: 'active'; step: number } | { status: 'done' } | { status: 'dismissed' };

export const FRESH_TUTORIAL: TutorialProgress = { status: 'active', step: 0 };

/** Reads a stored value; anything unreadable starts the tutorial afresh rather than failing. */
export function parseProgress(raw: string | null): TutorialProgress {
  if (!raw) return FRESH_TUTORIAL;
  try {
    const value = JSON.parse(raw) as { status?: unknown; step?: unknown };
    if (value.status === 'done' || value.status === 'dismissed') return { status: value.status };
    if (value.status === 'active' && typeof value.step === 'number' && Number.isInteger(value.step) && value.step >= 0)
      return { status: 'active', step: value.step };
  } catch {
    // A hand-edited or foreign value: fall through.
  }
  return FRESH_TUTORIAL;
}

export function readProgress(): TutorialProgress {
  return parseProgress(readStorage(STORAGE_KEYS.tutorial));
}

export function writeProgress(progress: TutorialProgress): void {
  writeStorage(STORAGE_KEYS.tutorial, JSON.stringify(progress));
}
