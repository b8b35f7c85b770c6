import { runStatusLook } from '../../components/dashboard/workflow-summary';
import { Badge } from '../../components/ui/Badge';
import { formatExactTime } from '../../lib/relative-time';
import { useRunStore } from './run.store';
import { formatDuration, triggerLabel } from './run-format';
import { HistoryIcon } from './run-icons';

/**
 * Over the canvas while a stored run is shown: which run it is, and the way back to the
 * live run (or to no run). The badges and the inspector belong to that run until then.
 */
export function RunBanner() {
  const viewing = useRunStore((s) => s.viewing);
  const hasLive = useRunStore((s) => s.live !== null);
  const backToLive = useRunStore((s) => s.backToLive);
  if (!viewing?.summary) return null;
  const { summary } = viewing;
  const look = runStatusLook(summary.status);
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center px-3">
      <div
        role="status"
        data-testid="run-banner"
        data-execution-id={viewing.executionId}
        className="pointer-events-auto flex max-w-full items-center gap-2.5 rounded-full border border-line bg-surface py-1 pr-1 pl-3 text-[13px] text-ink shadow-md"
      >
        <HistoryIcon size={14} className="shrink-0 text-muted" />
        <span className="min-w-0 truncate">
          Viewing the run from <time dateTime={summary.createdAt}>{formatExactTime(summary.createdAt)}</time>
          <span className="text-muted">
            {' '}
            · {triggerLabel(summary.trigger)}
            {summary.durationMs !== null && ` · ${formatDuration(summary.durationMs)}`}
          </span>
        </span>
        <Badge tone={look.tone} dot>
          {look.label}
        </Badge>
        <button
          type="button"
          onClick={backToLive}
          className="h-7 shrink-0 rounded-full bg-surface-2 px-3 text-xs font-medium text-ink transition-colors hover:bg-brand-soft hover:text-brand"
          data-testid="run-banner-back"
        >
          {hasLive ? 'Back to the latest run' : 'Close'}
        </button>
      </div>
    </div>
  );
}
