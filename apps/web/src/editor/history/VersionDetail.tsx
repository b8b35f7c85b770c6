import { useState } from 'react';
import { useWorkflowVersion } from '../../api/useWorkflowVersions';
import { RelativeTime } from '../../components/dashboard/RelativeTime';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useNow } from '../../hooks/useNow';
import { errorMessage } from '../../lib/api';
import { useEditorStore } from '../store/editor.store';
import { countChanges } from './diff-format';
import { useRestoreVersion } from './useRestoreVersion';
import { VersionDiffView } from './VersionDiffView';

interface VersionDetailProps {
  workflowId: string;
  version: number;
  onRestored(newVersion: number): void;
}

/** One version: who and when, its diff to the current workflow, and restore with a confirmation. */
export function VersionDetail({ workflowId, version, onRestored }: VersionDetailProps) {
  const detail = useWorkflowVersion(workflowId, version);
  const restore = useRestoreVersion(workflowId, onRestored);
  const unsaved = useEditorStore((s) => s.hasUnsavedChanges);
  const [confirming, setConfirming] = useState(false);
  const now = useNow();

  if (detail.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 p-5 text-sm text-muted">
        <Spinner size={14} decorative /> Loading version {version}…
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-5 text-sm">
        <p className="text-danger">{errorMessage(detail.error, `Could not load version ${version}.`)}</p>
        <Button variant="secondary" size="sm" onClick={() => void detail.refetch()} loading={detail.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const v = detail.data;
  const changes = countChanges(v.diffToCurrent);
  return (
    <div className="flex flex-col gap-4 p-5" data-testid="version-detail">
      <div>
        <h3 className="text-base font-semibold text-ink">
          Version {v.version}
          {v.current && <span className="font-normal text-muted"> (current)</span>}
        </h3>
        <p className="mt-0.5 text-xs text-muted">
          {v.author ?? 'Deleted account'} · <RelativeTime value={v.createdAt} now={now} /> · {v.nodeCount} node{v.nodeCount === 1 ? '' : 's'}
          {v.restoredFrom !== null && ` · restored from version ${v.restoredFrom}`}
        </p>
        <p className="mt-2 text-sm text-ink">{v.summary}</p>
      </div>
      {!v.current && (
        <div className="rounded-lg border border-line bg-surface-2/50 p-3">
          {confirming ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">Confirm restore</legend>
              <p className="text-sm text-ink">
                Restore version {v.version}? It is saved as version {v.currentVersion + 1}; every version stays in the history.
                {unsaved && <strong className="mt-1 block font-medium text-warn">Your unsaved changes on the canvas will be replaced.</strong>}
              </p>
              <div className="flex justify-end gap-2">
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={restore.isPending}>
                  Cancel
                </Button>
                <Button size="sm" autoFocus loading={restore.isPending} onClick={() => restore.mutate(v.version)}>
                  Restore version {v.version}
                </Button>
              </div>
            </fieldset>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-muted">Restoring saves this version as a new one.</p>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                Restore this version
              </Button>
            </div>
          )}
        </div>
      )}
      <div>
        <h4 className="mb-2 text-sm font-medium text-ink">
          {v.current
            ? 'This is the current version.'
            : changes === 0
              ? 'Same as the current workflow.'
              : `${changes} change${changes === 1 ? '' : 's'} from this version to the current one (v${v.currentVersion})`}
        </h4>
        {!v.current && changes > 0 && <VersionDiffView diff={v.diffToCurrent} />}
      </div>
    </div>
  );
}
