import { runStatusLook } from '../../components/dashboard/workflow-summary';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { PlayIcon, RerunIcon, StopIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { formatDuration } from '../../lib/run-format';
import { useEditorStore } from '../store/editor.store';
import { RunHistory } from './RunHistory';
import { shownRun, useRunStore } from './run.store';
import { isActive } from './run-view';
import type { RunController } from './useRunController';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const RUN_SHORTCUT = isMac ? '⌘↵' : 'Ctrl+Enter';

/**
 * The toolbar's run group: history, then Run, or Cancel while a run is going, and
 * Re-run once the run on screen has ended. A small status says how the run stands.
 */
export function RunControls({ controller }: { controller: RunController }) {
  const workflowId = useEditorStore((s) => s.workflowId);
  const starting = useRunStore((s) => s.starting);
  const active = useRunStore((s) => isActive(s.live));
  const finished = useRunStore((s) => {
    const status = shownRun(s)?.run.status;
    return status === 'success' || status === 'error' || status === 'cancelled';
  });

  return (
    <div className="flex items-center gap-1">
      <RunStatus />
      <RunHistory workflowId={workflowId} onOpen={controller.openExecution} />
      {active ? (
        <Button size="sm" variant="secondary" onClick={controller.cancel} data-testid="cancel-button" title="Cancel the run" className="ml-1">
          <StopIcon size={12} className="text-danger" />
          Cancel
        </Button>
      ) : (
        <>
          {finished && (
            <Button
              size="sm"
              variant="secondary"
              onClick={controller.rerun}
              disabled={starting}
              data-testid="rerun-button"
              title="Run again with the same inputs"
              aria-label="Re-run"
              className="ml-1"
            >
              <RerunIcon size={14} />
              {/* In words only where the named tools beside it leave room. */}
              <span className="hidden 2xl:inline">Re-run</span>
            </Button>
          )}
          <Button size="sm" onClick={controller.run} loading={starting} data-testid="run-button" title={`Run the workflow (${RUN_SHORTCUT})`} className="ml-1">
            {!starting && <PlayIcon size={13} />}
            Run
          </Button>
        </>
      )}
    </div>
  );
}

/** "Running…", "Reconnecting…", or how the run on screen ended and how long it took. */
function RunStatus() {
  const status = useRunStore((s) => shownRun(s)?.run.status ?? null);
  const stream = useRunStore((s) => s.stream);
  const duration = useRunStore((s) => {
    const run = shownRun(s)?.run;
    return run?.startedAt !== undefined && run.finishedAt !== undefined ? run.finishedAt - run.startedAt : null;
  });
  const live = useRunStore((s) => s.viewing === null);
  if (status === null) return null;
  if (status === 'pending' || status === 'running') {
    const label = live && stream === 'reconnecting' ? 'Reconnecting…' : status === 'pending' ? 'Starting…' : 'Running…';
    return (
      <span className="mr-1 hidden items-center gap-1.5 text-xs text-muted sm:inline-flex" role="status" data-testid="run-status" data-status={status}>
        <Spinner size={12} decorative />
        {label}
      </span>
    );
  }
  const look = runStatusLook(status);
  return (
    <span className="mr-1 hidden items-center gap-1.5 sm:inline-flex" role="status" data-testid="run-status" data-status={status}>
      <Badge tone={look.tone} dot>
        {look.label}
      </Badge>
      {duration !== null && <span className="hidden text-xs text-muted tabular-nums 2xl:inline">{formatDuration(duration)}</span>}
    </span>
  );
}
