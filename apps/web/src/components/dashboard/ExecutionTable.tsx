import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isActiveStatus } from '@weft/core';
import { Link } from 'react-router';
import { type ExecutionSummary, replayExecution } from '../../api/executions';
import { queryKeys } from '../../api/query-keys';
import { useNow } from '../../hooks/useNow';
import { errorMessage } from '../../lib/api';
import { formatCost, formatTokens, usageTitle } from '../../lib/format-cost';
import { formatDuration, triggerLabel } from '../../lib/run-format';
import { toast } from '../../stores/toast.store';
import { DataTable } from '../ui/DataTable';
import { RerunIcon } from '../ui/icons';
import type { HeaderColumn } from '../ui/TableHead';
import { TableSkeleton } from '../ui/TableSkeleton';
import { td } from '../ui/table-styles';
import { KeptMark } from './KeptMark';
import { RelativeTime } from './RelativeTime';
import { RunStatusBadge } from './RunStatusBadge';

// Narrow screens keep status and workflow; the rest is in the editor a click away.
const columns = { trigger: 'hidden sm:table-cell', started: 'hidden md:table-cell', duration: 'hidden sm:table-cell', cost: 'hidden lg:table-cell' } as const;

const HEAD: HeaderColumn[] = [
  { label: 'Status', className: 'w-44' },
  { label: 'Workflow' },
  { label: 'Trigger', className: `${columns.trigger} w-28` },
  { label: 'Started', className: `${columns.started} w-40` },
  { label: 'Duration', className: `${columns.duration} w-28 text-right` },
  { label: 'Cost', className: `${columns.cost} w-32 text-right` },
  { label: 'Actions', className: 'w-14', hidden: true },
];

/** Runs, newest first; each row opens the editor at that run. */
export function ExecutionTable({ executions }: { executions: ExecutionSummary[] }) {
  const now = useNow();
  return (
    <DataTable caption="Executions, newest first" columns={HEAD}>
      {executions.map((execution) => (
        <tr key={execution.id} className="group relative transition-colors hover:bg-surface-2/50" data-testid="execution-row" data-status={execution.status}>
          <td className={td}>
            <span className="flex flex-wrap items-center gap-1.5">
              <RunStatusBadge status={execution.status} />
              <KeptMark kept={execution.kept} />
            </span>
          </td>
          <td className={td}>
            {/* The link covers the row (after:inset-0), so the whole row opens the run. */}
            <Link
              to={`/workflow/${encodeURIComponent(execution.workflowId)}?execution=${encodeURIComponent(execution.id)}`}
              className="block truncate rounded-sm font-medium text-ink after:absolute after:inset-0 hover:text-brand"
            >
              {execution.workflowName}
            </Link>
            {/* Above the row's link, so the version opens the history instead of the run. */}
            <Link
              to={`/workflow/${encodeURIComponent(execution.workflowId)}?version=${execution.workflowVersion}`}
              className="relative z-10 text-xs text-muted hover:text-brand"
              title={`Open version ${execution.workflowVersion}, which this run ran, in the version history`}
              data-testid="execution-version-link"
            >
              version {execution.workflowVersion}
            </Link>
            {execution.error && (
              <p className="mt-0.5 truncate text-xs text-danger" title={execution.error}>
                {execution.error}
              </p>
            )}
          </td>
          <td className={`${td} ${columns.trigger} text-muted`}>
            {triggerLabel(execution.trigger)}
            {execution.replayOf && <span className="block text-xs text-subtle">replay</span>}
          </td>
          <td className={`${td} ${columns.started} text-muted`}>
            <RelativeTime value={execution.startedAt ?? execution.createdAt} now={now} />
          </td>
          <td className={`${td} ${columns.duration} text-right text-muted tabular-nums`}>{formatDuration(execution.durationMs)}</td>
          <td className={`${td} ${columns.cost} text-right text-muted tabular-nums`} data-testid="execution-cost">
            <UsageCell usage={execution.usage} />
          </td>
          <td className={`${td} pr-3 text-right`}>
            <ReplayButton execution={execution} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The run's cost over its tokens; a dash for a run that called no model. */
function UsageCell({ usage }: { usage: ExecutionSummary['usage'] }) {
  if (!usage) return <span className="text-subtle">—</span>;
  return (
    <span title={usageTitle(usage)}>
      {formatCost(usage) ?? <span className="text-subtle">price unknown</span>}
      <span className="block text-xs text-subtle">{formatTokens(usage.inputTokens + usage.outputTokens)}</span>
    </span>
  );
}

/**
 * Runs the execution's workflow again, as saved now, with that run's inputs (the editor's
 * run banner has the same action). Above the row's link, so it does not open the run.
 */
function ReplayButton({ execution }: { execution: ExecutionSummary }) {
  const queryClient = useQueryClient();
  const replay = useMutation({
    mutationFn: () => replayExecution(execution.id),
    onSuccess: () => {
      toast.success(`Replaying “${execution.workflowName}” with the same inputs`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.executions.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (isActiveStatus(execution.status)) return null;
  return (
    <button
      type="button"
      onClick={() => replay.mutate()}
      disabled={replay.isPending}
      className="relative z-10 inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
      title="Replay: run this workflow again with this run’s inputs"
      aria-label={`Replay this run of ${execution.workflowName}`}
      data-testid="execution-replay"
    >
      <RerunIcon size={15} />
    </button>
  );
}

const SKELETON_CELLS = [
  { bars: ['h-5 w-20 rounded-full'] },
  { bars: ['h-3.5 w-48 max-w-full'] },
  { className: columns.trigger, bars: ['h-3.5 w-14'] },
  { className: columns.started, bars: ['h-3.5 w-20'] },
  { className: columns.duration, bars: ['ml-auto h-3.5 w-12'] },
  { className: columns.cost, bars: ['ml-auto h-3.5 w-14'] },
  { bars: [] },
];

/** The table's shape while the first page loads. */
export function ExecutionTableSkeleton() {
  return <TableSkeleton label="Loading executions" columns={HEAD} cells={SKELETON_CELLS} rows={5} />;
}
