import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/**
 * Where the user is in the first-run tutorial, kept in local storage (SPEC.md section 9)
 * so a reload resumes it, and removed on sign-out with the other editor conveniences.
 *
 * `new`: never started. It starts only on a blank workflow (issue 22: a template's
 * workflow has its own setup bar, and steps about adding nodes make no sense over it), and
 * stays with the workflow it started on (`workflowId`; null while that workflow is not
 * saved yet, `undefined` in a value stored before workflows were recorded), so opening
 * another workflow meanwhile does not show it there.
 */
export type TutorialProgress =
  | { status: 'new' }
  | { status: 'active'; step: number; workflowId?: string | null }
  | { status: 'done' }
  | { status: 'dismissed' };

export const NEW_TUTORIAL: TutorialProgress = { status: 'new' };

/** Reads a stored value; anything unreadable counts as never started rather than failing. */
export function parseProgress(raw: string | null): TutorialProgress {
  if (!raw) return NEW_TUTORIAL;
  try {
    const value = JSON.parse(raw) as { status?: unknown; step?: unknown; workflowId?: unknown };
    if (value.status === 'done' || value.status === 'dismissed') return { status: value.status };
    if (value.status === 'active' && typeof value.step === 'number' && Number.isInteger(value.step) && value.step >= 0) {
      const { workflowId } = value;
      return typeof workflowId === 'string' || workflowId === null
        ? { status: 'active', step: value.step, workflowId }
        : { status: 'active', step: value.step };
    }
  } catch {
    // A hand-edited or foreign value: fall through.
  }
  return NEW_TUTORIAL;
}

/**
 * The progress once the editor has opened a workflow: a tutorial never started begins on a
 * blank one; one stored without its workflow takes the one open now. Otherwise unchanged.
 */
export function progressOnOpen(progress: TutorialProgress, open: { workflowId: string | null; blank: boolean }): TutorialProgress {
  if (progress.status === 'new') return open.blank ? { status: 'active', step: 0, workflowId: open.workflowId } : progress;
  if (progress.status === 'active' && progress.workflowId === undefined) return { ...progress, workflowId: open.workflowId };
  return progress;
}

/** Whether the tutorial's card belongs on the workflow open now. */
export function showsOn(progress: TutorialProgress, workflowId: string | null): progress is Extract<TutorialProgress, { status: 'active' }> {
  return progress.status === 'active' && progress.workflowId === workflowId;
}

export function readProgress(): TutorialProgress {
  return parseProgress(readStorage(STORAGE_KEYS.tutorial));
}

export function writeProgress(progress: TutorialProgress): void {
  writeStorage(STORAGE_KEYS.tutorial, JSON.stringify(progress));
}
