import type { ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EXECUTION_STATUSES, EXECUTION_TRIGGERS, type ExecutionStatus, type ExecutionTrigger } from '../../api/executions';
import { useExecutionPages } from '../../api/useExecutions';
import { useWorkflowList } from '../../api/useWorkflowList';
import { errorMessage } from '../../lib/api';
import { triggerLabel } from '../../lib/run-format';
import { Button } from '../ui/Button';
import { ErrorState } from '../ui/ErrorState';
import { FilterSelect } from '../ui/FilterSelect';
import { ClockIcon } from '../ui/icons';
import { LoadMore } from '../ui/LoadMore';
import { ExecutionTable, ExecutionTableSkeleton } from './ExecutionTable';
import { runStatusLook } from './workflow-summary';

const PAGE_SIZE = 25;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/**
 * The dashboard's Executions tab: every run of the user's workflows, newest first,
 * filtered by workflow, status and trigger (kept in the address, so a filtered list can be
 * linked to, as the editor's run history does), a page at a time.
 */
export function ExecutionHistory() {
  const [search, setSearch] = useSearchParams();
  const workflowId = search.get('workflowId') || undefined;
  const status = pick<ExecutionStatus>(search.get('status'), EXECUTION_STATUSES);
  const trigger = pick<ExecutionTrigger>(search.get('trigger'), EXECUTION_TRIGGERS);
  const filtered = !!(workflowId || status || trigger);
  const pages = useExecutionPages({ workflowId, status, trigger, limit: PAGE_SIZE });
  const workflows = useWorkflowList();
  const executions = pages.data?.pages.flatMap((p) => p.executions) ?? [];

  const setFilter = (key: 'workflowId' | 'status' | 'trigger') => (event: ChangeEvent<HTMLSelectElement>) => {
    const next = new URLSearchParams(search);
    if (event.target.value) next.set(key, event.target.value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  return (
    <div data-testid="executions-page">
      <fieldset className="mb-4 flex flex-wrap items-end gap-3">
        <legend className="sr-only">Filters</legend>
        <FilterSelect label="Workflow" value={workflowId ?? ''} onChange={setFilter('workflowId')} testId="filter-workflow">
          <option value="">All workflows</option>
          {workflows.data?.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
          {workflowId && !workflows.data?.some((w) => w.id === workflowId) && <option value={workflowId}>This workflow</option>}
        </FilterSelect>
        <FilterSelect label="Status" value={status ?? ''} onChange={setFilter('status')} testId="filter-status">
          <option value="">Any status</option>
          {EXECUTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {runStatusLook(s).label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Trigger" value={trigger ?? ''} onChange={setFilter('trigger')} testId="filter-trigger">
          <option value="">Any trigger</option>
          {EXECUTION_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {triggerLabel(t)}
            </option>
          ))}
        </FilterSelect>
        {filtered && (
          <Button variant="ghost" size="sm" className="mb-0.5" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
            Clear filters
          </Button>
        )}
      </fieldset>
      {pages.isPending ? (
        <ExecutionTableSkeleton />
      ) : pages.isError && executions.length === 0 ? (
        <ErrorState title="Couldn’t load the executions" message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      ) : executions.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <>
          <ExecutionTable executions={executions} />
          <LoadMore pages={pages} what="runs" />
        </>
      )}
    </div>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <section
      className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-16 text-center"
      data-testid="executions-empty"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-surface-2 text-muted">
        <ClockIcon size={20} />
      </span>
      <h2 className="mt-4 text-base font-semibold text-ink">{filtered ? 'No runs match these filters' : 'No runs yet'}</h2>
      <p className="mt-1 max-w-sm text-sm leading-6 text-muted">
        {filtered ? 'Try another workflow, status or trigger.' : 'Open a workflow and press Run; runs from the API, webhooks and schedules show up here too.'}
      </p>
      {!filtered && (
        <Link to="/dashboard" className="mt-6 text-sm font-medium text-brand hover:underline">
          Go to your workflows
        </Link>
      )}
    </section>
  );
}
