import { useWorkflowVersions } from '../../api/useWorkflowVersions';
import { RelativeTime } from '../../components/dashboard/RelativeTime';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { useNow } from '../../hooks/useNow';
import { errorMessage } from '../../lib/api';

interface VersionListProps {
  workflowId: string;
  selected: number | null;
  onSelect(version: number): void;
}

/** The kept versions, newest first: number, summary, who and when; one chosen at a time. */
export function VersionList({ workflowId, selected, onSelect }: VersionListProps) {
  const list = useWorkflowVersions(workflowId);
  const now = useNow();
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading versions" className="flex flex-col gap-3 p-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-3.5 w-16" />
            <Skeleton className="h-3 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-4 text-sm">
        <p className="text-danger">{errorMessage(list.error, 'Could not load the versions.')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.data.length === 0) {
    return <p className="p-4 text-sm text-muted">No versions kept yet. Each save keeps one.</p>;
  }
  return (
    <ul className="flex flex-col gap-1 p-2" aria-label="Versions, newest first">
      {list.data.map((v) => (
        <li key={v.version}>
          <button
            type="button"
            aria-pressed={selected === v.version}
            onClick={() => onSelect(v.version)}
            data-testid="version-item"
            data-version={v.version}
            className={`flex w-full flex-col items-start gap-1 rounded-md px-2.5 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand ${
              selected === v.version ? 'bg-brand-soft' : 'hover:bg-surface-2'
            }`}
          >
            <span className="flex w-full items-center gap-2">
              <span className="text-sm font-semibold text-ink tabular-nums">v{v.version}</span>
              {v.current && <Badge tone="brand">Current</Badge>}
              {v.executionCount > 0 && (
                <span className="ml-auto text-xs text-subtle">
                  {v.executionCount} run{v.executionCount === 1 ? '' : 's'}
                </span>
              )}
            </span>
            <span className="line-clamp-2 text-xs text-ink" data-testid="version-summary">
              {v.summary}
            </span>
            <span className="text-xs text-subtle">
              {v.author ?? 'Deleted account'} · <RelativeTime value={v.createdAt} now={now} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
