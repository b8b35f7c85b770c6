import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ClockIcon } from '../../components/ui/icons';
import { useEditorStore } from '../store/editor.store';

// Fetched on first open: editing a workflow does not need the history's screens.
const VersionHistoryDialog = lazy(() => import('./VersionHistoryDialog').then((m) => ({ default: m.VersionHistoryDialog })));

/**
 * The toolbar's Version history button and its panel. `?version=<n>` (a run's version
 * link) opens the panel on that version; the parameter is dropped once read, so a reload
 * does not reopen it.
 */
export function HistoryButton() {
  const workflowId = useEditorStore((s) => s.workflowId);
  const [open, setOpen] = useState<{ version: number | null } | null>(null);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('version');
  useEffect(() => {
    if (!requested || !workflowId) return;
    const version = Number(requested);
    setOpen({ version: Number.isInteger(version) && version > 0 ? version : null });
    setSearch(
      (params) => {
        params.delete('version');
        return params;
      },
      { replace: true },
    );
  }, [requested, workflowId, setSearch]);
  const disabled = !workflowId;
  return (
    <>
      <button
        type="button"
        aria-label="Version history"
        title={disabled ? 'Save the workflow to start its version history' : 'Version history: every save, what changed, restore'}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen({ version: null })}
        data-testid="version-history-button"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink disabled:pointer-events-none disabled:opacity-40"
      >
        <ClockIcon />
      </button>
      {open && workflowId && (
        <Suspense fallback={null}>
          <VersionHistoryDialog workflowId={workflowId} initialVersion={open.version} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
