import { PRICES_AS_OF, type WorkflowUsageTotals } from '@weft/core';
import { useId } from 'react';
import { useWorkflowUsage } from '../../api/useWorkflowUsage';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { errorMessage } from '../../lib/api';
import { formatCost, formatTokens, usageTitle } from '../../lib/format-cost';
import { useEditorStore } from '../store/editor.store';

/**
 * Workflow settings → Token use and cost: the model tokens and what they cost over the
 * workflow's stored runs, the last 30 days and all of them (GET /api/workflows/:id/usage).
 */
export function WorkflowUsageSection() {
  const workflowId = useEditorStore((s) => s.workflowId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="workflow-usage">
      <div>
        <h3 id={headingId} className="text-sm font-medium text-ink">
          Token use and cost
        </h3>
        <p className="mt-1 text-xs leading-5 text-muted">
          Model calls of the runs kept in the history, at list prices (as of {PRICES_AS_OF}) or the prices set on a node. Runs deleted by retention no longer
          count.
        </p>
      </div>
      {workflowId ? <UsageTotals workflowId={workflowId} /> : <Alert tone="info">Save this workflow first: its runs’ costs belong to a saved workflow.</Alert>}
    </section>
  );
}

function UsageTotals({ workflowId }: { workflowId: string }) {
  const query = useWorkflowUsage(workflowId);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the token use" className="grid grid-cols-2 gap-3">
        <Skeleton className="h-[76px] w-full rounded-lg" />
        <Skeleton className="h-[76px] w-full rounded-lg" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-danger">Couldn't load the token use: {errorMessage(query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Totals label="Last 30 days" totals={query.data.last30Days} testId="usage-30-days" />
      <Totals label="All kept runs" totals={query.data.allTime} testId="usage-all-time" />
    </dl>
  );
}

function Totals({ label, totals, testId }: { label: string; totals: WorkflowUsageTotals; testId: string }) {
  const used = totals.runs > 0;
  const cost = used ? formatCost(totals) : null;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-line px-3 py-2.5" data-testid={testId} title={used ? usageTitle(totals) : undefined}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold text-ink tabular-nums">{used ? (cost ?? 'Price unknown') : '$0.00'}</dd>
      <dd className="text-xs text-subtle tabular-nums">
        {used
          ? `${formatTokens(totals.inputTokens + totals.outputTokens)} · ${totals.runs.toLocaleString('en-US')} ${totals.runs === 1 ? 'run' : 'runs'}`
          : 'No model calls'}
      </dd>
    </div>
  );
}
