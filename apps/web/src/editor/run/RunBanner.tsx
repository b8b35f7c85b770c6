import { keptBadge, notKeptMessage } from '../../components/dashboard/run-data-kept';
import { runStatusLook } from '../../components/dashboard/workflow-summary';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { HistoryIcon, RerunIcon } from '../../components/ui/icons';
import { formatUsage, usageTitle } from '../../lib/format-cost';
import { formatExactTime } from '../../lib/relative-time';
import { formatDuration, triggerLabel } from '../../lib/run-format';
import { useRunStore } from './run.store';
import { requestRun } from './run-requests';
import { isActive } from './run-view';

/**
 * A bar above the canvas while a stored run is shown: which run it is, a replay of it
 * (its inputs, the workflow as saved now), and the way back to the live run (or to no run). The badges and the inspector belong to that run until
 * then. Above the canvas rather than over it, so it never covers the type legend or nodes.
 */
export function RunBanner() {
  const viewing = useRunStore((s) => s.viewing);
  const hasLive = useRunStore((s) => s.live !== null);
  const backToLive = useRunStore((s) => s.backToLive);
  const busy = useRunStore((s) => s.starting || isActive(s.live));
  if (!viewing?.summary) return null;
  const { summary } = viewing;
  const look = runStatusLook(summary.status);
  const kept = keptBadge(viewing.kept);
  return (
    <div
      role="status"
      data-testid="run-banner"
      data-execution-id={viewing.executionId}
      className="flex min-h-10 shrink-0 items-center gap-2.5 border-b border-brand/20 bg-brand-soft/50 py-1 pr-2 pl-3 text-[13px] text-ink"
    >
      <HistoryIcon size={14} className="shrink-0 text-brand" />
      <span className="min-w-0 flex-1 truncate">
        Viewing the run from <time dateTime={summary.createdAt}>{formatExactTime(summary.createdAt)}</time>
        <span className="text-muted">
          {' '}
          · {triggerLabel(summary.trigger)}
          {summary.durationMs !== null && ` · ${formatDuration(summary.durationMs)}`}
          {summary.usage && (
            <span title={usageTitle(summary.usage)} data-testid="run-banner-usage">
              {' '}
              · {formatUsage(summary.usage)}
            </span>
          )}
          {summary.replayOf && ' · a replay'}
        </span>
      </span>
      {kept && (
        <span title={notKeptMessage(viewing.kept) ?? undefined} data-testid="run-banner-kept">
          <Badge tone="neutral">{kept}</Badge>
        </span>
      )}
      <Badge tone={look.tone} dot>
        {look.label}
      </Badge>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => requestRun({ kind: 'replay', executionId: viewing.executionId })}
        className="shrink-0"
        title="Runs the workflow as saved now with this run's inputs"
        data-testid="run-banner-replay"
      >
        <RerunIcon size={14} /> Replay
      </Button>
      <Button size="sm" variant="secondary" onClick={backToLive} className="shrink-0" data-testid="run-banner-back">
        {hasLive ? 'Back to the latest run' : 'Close'}
      </Button>
    </div>
  );
}
