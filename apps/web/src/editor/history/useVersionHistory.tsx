import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEditorStore } from '../store/editor.store';

// Fetched on first open: editing a workflow does not need the history's screens.
const VersionHistoryDialog = lazy(() => import('./VersionHistoryDialog').then((m) => ({ default: m.VersionHistoryDialog })));

export interface VersionHistoryControl {
  /** Null while the workflow has no stored version to show (not saved yet). */
  unavailable: string | null;
  open(): void;
  /** The dialog while open: mounted by the toolbar, outside the menu that opens it. */
  dialog: ReactNode;
}

/**
 * Version history, opened from the toolbar's Workflow menu. `?version=<n>` (a run's version
 * link) opens it on that version; the parameter is dropped once read, so a reload does not
 * reopen it.
 */
export function useVersionHistory(): VersionHistoryControl {
  const workflowId = useEditorStore((s) => s.workflowId);
  const [shown, setShown] = useState<{ version: number | null } | null>(null);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('version');
  useEffect(() => {
    if (!requested || !workflowId) return;
    const version = Number(requested);
    setShown({ version: Number.isInteger(version) && version > 0 ? version : null });
    setSearch(
      (params) => {
        params.delete('version');
        return params;
      },
      { replace: true },
    );
  }, [requested, workflowId, setSearch]);
  const open = useCallback(() => setShown({ version: null }), []);
  return {
    unavailable: workflowId ? null : 'Save the workflow to start its version history',
    open,
    dialog:
      shown && workflowId ? (
        <Suspense fallback={null}>
          <VersionHistoryDialog workflowId={workflowId} initialVersion={shown.version} onClose={() => setShown(null)} />
        </Suspense>
      ) : null,
  };
}
