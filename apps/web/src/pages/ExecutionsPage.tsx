import { type ChangeEvent, type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RelativeTime } from '../components/dashboard/RelativeTime';
import { RunStatusBadge } from '../components/dashboard/RunStatusBadge';
import { useWorkflowList } from '../components/dashboard/useWorkflows';
import { runStatusLook } from '../components/dashboard/workflow-summary';
import { Button } from '../components/ui/Button';
import { ErrorState } from '../components/ui/ErrorState';
import { ArrowLeftIcon, ClockIcon } from '../components/ui/icons';
import { Skeleton } from '../components/ui/Skeleton';
import { controlClasses } from '../editor/fields/field-styles';
import { EXECUTION_STATUSES, EXECUTION_TRIGGERS, type ExecutionStatus, type ExecutionSummary, type ExecutionTrigger } from '../editor/run/execution-api';
import { formatDuration, triggerLabel } from '../editor/run/run-format';
import { useExecutionPages } from '../editor/run/useExecutions';
import { useNow } from '../hooks/useNow';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { errorMessage } from '../lib/api';

const PAGE_SIZE = 25;
const th = 'px-4 py-2.5 text-left text-xs font-medium text-muted';
const td = 'px-4 py-3 align-middle';
const columns = { trigger: 'hidden sm:table-cell', started: 'hidden md:table-cell', duration: 'hidden sm:table-cell' } as const;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/**
 * /executions: every run of the user's workflows, newest first, filtered by workflow,
 * status and trigger (kept in the address, so a filtered list can be linked to), a page
 * at a time. Each row opens the editor at that run.
 */
export function ExecutionsPage() {
  useDocumentTitle('Executions · Weft');
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
    <div className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 sm:py-10" data-testid="executions-page">
      <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
        <ArrowLeftIcon size={14} />
        Dashboard
      </Link>
      <header className="mt-3 mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Executions</h1>
        <p className="mt-1 text-sm text-muted">Every run of your workflows, from the editor, the API, webhooks and schedules.</p>
      </header>
      <fieldset className="mb-4 flex flex-wrap items-end gap-3">
        <legend className="sr-only">Filters</legend>
        <Filter label="Workflow" value={workflowId ?? ''} onChange={setFilter('workflowId')} testId="filter-workflow">
          <option value="">All workflows</option>
          {workflows.data?.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
          {workflowId && !workflows.data?.some((w) => w.id === workflowId) && <option value={workflowId}>This workflow</option>}
        </Filter>
        <Filter label="Status" value={status ?? ''} onChange={setFilter('status')} testId="filter-status">
          <option value="">Any status</option>
          {EXECUTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {runStatusLook(s).label}
            </option>
          ))}
        </Filter>
        <Filter label="Trigger" value={trigger ?? ''} onChange={setFilter('trigger')} testId="filter-trigger">
          <option value="">Any trigger</option>
          {EXECUTION_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {triggerLabel(t)}
            </option>
          ))}
        </Filter>
        {filtered && (
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
            Clear filters
          </Button>
        )}
      </fieldset>
      {pages.isPending ? (
        <TableSkeleton />
      ) : pages.isError && executions.length === 0 ? (
        <ErrorState title="Couldn’t load the executions" message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      ) : executions.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <>
          <ExecutionTable executions={executions} />
          {pages.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
          {pages.isFetchNextPageError && (
            <p role="alert" className="mt-3 text-center text-sm text-danger">
              Could not load more runs. Try again.
            </p>
          )}
        </>
      )}
    </div>
  );
}

function Filter({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLSelectElement>): void;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  // Not the text field's classes: those grey out :read-only fields, and a <select> always matches :read-only.
  return (
    <div className="flex max-w-64 min-w-40 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} className={controlClasses(false, 'h-9 pr-8 pl-3')} data-testid={testId}>
        {children}
      </select>
    </div>
  );
}

function TableHead() {
  return (
    <thead className="border-b border-line bg-surface-2/60">
      <tr>
        <th scope="col" className={`${th} w-32`}>
          Status
        </th>
        <th scope="col" className={th}>
          Workflow
        </th>
        <th scope="col" className={`${th} ${columns.trigger} w-28`}>
          Trigger
        </th>
        <th scope="col" className={`${th} ${columns.started} w-40`}>
          Started
        </th>
        <th scope="col" className={`${th} ${columns.duration} w-28 text-right`}>
          Duration
        </th>
      </tr>
    </thead>
  );
}

function ExecutionTable({ executions }: { executions: ExecutionSummary[] }) {
  const now = useNow();
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-xs">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Executions, newest first</caption>
        <TableHead />
        <tbody className="divide-y divide-line">
          {executions.map((execution) => (
            <tr
              key={execution.id}
              className="group relative transition-colors hover:bg-surface-2/50"
              data-testid="execution-row"
              data-status={execution.status}
            >
              <td className={td}>
                <RunStatusBadge status={execution.status} />
              </td>
              <td className={td}>
                {/* The link covers the row (after:inset-0), so the whole row opens the run. */}
                <Link
                  to={`/workflow/${encodeURIComponent(execution.workflowId)}?execution=${encodeURIComponent(execution.id)}`}
                  className="block truncate rounded-sm font-medium text-ink after:absolute after:inset-0 hover:text-brand"
                >
                  {execution.workflowName}
                </Link>
                {execution.error && (
                  <p className="mt-0.5 truncate text-xs text-danger" title={execution.error}>
                    {execution.error}
                  </p>
                )}
              </td>
              <td className={`${td} ${columns.trigger} text-muted`}>{triggerLabel(execution.trigger)}</td>
              <td className={`${td} ${columns.started} text-muted`}>
                <RelativeTime value={execution.startedAt ?? execution.createdAt} now={now} />
              </td>
              <td className={`${td} ${columns.duration} text-right text-muted tabular-nums`}>{formatDuration(execution.durationMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading executions" aria-busy="true" className="overflow-hidden rounded-xl border border-line bg-surface shadow-xs">
      <table className="w-full table-fixed border-collapse text-sm" aria-hidden="true">
        <TableHead />
        <tbody className="divide-y divide-line">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
            <tr key={i}>
              <td className={td}>
                <Skeleton className="h-5 w-20 rounded-full" />
              </td>
              <td className={td}>
                <Skeleton className="h-3.5 w-48 max-w-full" />
              </td>
              <td className={`${td} ${columns.trigger}`}>
                <Skeleton className="h-3.5 w-14" />
              </td>
              <td className={`${td} ${columns.started}`}>
                <Skeleton className="h-3.5 w-20" />
              </td>
              <td className={`${td} ${columns.duration}`}>
                <Skeleton className="ml-auto h-3.5 w-12" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
