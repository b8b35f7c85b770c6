import type { Schedule } from '@weft/core';
import type { ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSchedulePages } from '../../api/schedules';
import { useWorkflowList } from '../../api/useWorkflowList';
import { useNow } from '../../hooks/useNow';
import { errorMessage } from '../../lib/api';
import { WorkflowTableSkeleton } from '../dashboard/WorkflowTableSkeleton';
import { Button } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { ErrorState } from '../ui/ErrorState';
import { FilterSelect } from '../ui/FilterSelect';
import { CalendarClockIcon, PencilIcon } from '../ui/icons';
import { LoadMore } from '../ui/LoadMore';
import { OptionList } from '../ui/SelectControl';
import type { HeaderColumn } from '../ui/TableHead';
import { td } from '../ui/table-styles';
import { ScheduleRowActions } from './ScheduleRowActions';
import { LastRun, NextRun, ScheduleProblem } from './ScheduleStatus';
import { describeTiming, ownName, scheduleTitle } from './schedule-text';

const HEAD: HeaderColumn[] = [
  { label: 'Schedule' },
  { label: 'Workflow', className: 'hidden w-44 md:table-cell' },
  { label: 'Next run', className: 'w-44' },
  { label: 'Last run', className: 'hidden w-52 sm:table-cell' },
  { label: 'Actions', className: 'w-52', hidden: true },
];

/** The status filter's choices, as the API names them. */
const STATUSES = [
  { value: 'enabled', label: 'Active' },
  { value: 'paused', label: 'Paused' },
] as const;

/**
 * /dashboard/schedules: every schedule of the user, filtered by workflow and by paused or
 * active (kept in the address, so the editor can link to a workflow's), a page at a time;
 * with pause, resume, run now, backfill, edit and delete.
 */
export function SchedulesOverview() {
  const [search, setSearch] = useSearchParams();
  const workflowId = search.get('workflowId') || undefined;
  const status = STATUSES.find((choice) => choice.value === search.get('status'))?.value;
  const filtered = !!(workflowId || status);
  // Next and last runs move on by themselves: look again now and then while the tab is open.
  const pages = useSchedulePages({ workflowId, status }, { refresh: true });
  const workflows = useWorkflowList();
  const schedules = pages.data?.pages.flatMap((page) => page.schedules) ?? [];

  const setFilter = (key: 'workflowId' | 'status') => (event: ChangeEvent<HTMLSelectElement>) => {
    const next = new URLSearchParams(search);
    if (event.target.value) next.set(key, event.target.value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  return (
    <div data-testid="schedules-page">
      {(filtered || schedules.length > 0) && (
        <fieldset className="mb-4 flex flex-wrap items-end gap-3">
          <legend className="sr-only">Filters</legend>
          <FilterSelect label="Workflow" value={workflowId ?? ''} onChange={setFilter('workflowId')} testId="schedule-filter-workflow">
            <option value="">All workflows</option>
            {workflows.data?.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
            {workflowId && !workflows.data?.some((w) => w.id === workflowId) && <option value={workflowId}>This workflow</option>}
          </FilterSelect>
          <FilterSelect label="Status" value={status ?? ''} onChange={setFilter('status')} testId="schedule-filter-status">
            <option value="">Active and paused</option>
            <OptionList options={STATUSES} />
          </FilterSelect>
          {filtered && (
            <Button variant="ghost" size="sm" className="mb-0.5" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
              Clear filters
            </Button>
          )}
        </fieldset>
      )}
      {pages.isPending ? (
        <WorkflowTableSkeleton />
      ) : pages.isError && schedules.length === 0 ? (
        <ErrorState title="Couldn't load your schedules" message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      ) : schedules.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <>
          <ScheduleTable schedules={schedules} />
          <LoadMore pages={pages} what="schedules" />
        </>
      )}
    </div>
  );
}

/** The rows of the list: name and timing, workflow, next and last run, and each row's actions. */
function ScheduleTable({ schedules }: { schedules: Schedule[] }) {
  const now = useNow();
  return (
    <DataTable caption="Your schedules" columns={HEAD}>
      {schedules.map((schedule) => {
        const title = scheduleTitle(schedule);
        const editLink = `/workflow/${encodeURIComponent(schedule.workflowId)}?schedule=${encodeURIComponent(schedule.id)}`;
        return (
          <tr key={schedule.id} className="group transition-colors hover:bg-surface-2/50" data-testid="schedule-row">
            <td className={td}>
              <Link to={editLink} className="block truncate rounded-sm font-medium text-ink hover:text-brand">
                {title}
              </Link>
              <p className="mt-0.5 truncate text-xs text-subtle">
                {ownName(schedule) ? `${describeTiming(schedule)} · ` : ''}
                {schedule.timezone.replaceAll('_', ' ')}
              </p>
              <ScheduleProblem schedule={schedule} />
            </td>
            <td className={`${td} hidden md:table-cell`}>
              <Link to={`/workflow/${encodeURIComponent(schedule.workflowId)}`} className="block truncate text-muted hover:text-brand">
                {schedule.workflowName}
              </Link>
            </td>
            <td className={`${td} whitespace-nowrap text-muted`}>
              <NextRun schedule={schedule} />
            </td>
            <td className={`${td} hidden sm:table-cell`}>
              <LastRun schedule={schedule} now={now} />
            </td>
            <td className={`${td} text-right`}>
              <ScheduleRowActions
                schedule={schedule}
                edit={
                  <Link
                    to={editLink}
                    aria-label={`Edit ${title}`}
                    title={`Edit ${title}`}
                    className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink"
                  >
                    <PencilIcon size={15} />
                  </Link>
                }
              />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center" data-testid="schedules-empty">
      <CalendarClockIcon size={32} className="text-subtle" />
      <h2 className="mt-3 text-base font-semibold text-ink">{filtered ? 'No schedules match these filters' : 'No schedules yet'}</h2>
      <p className="mt-1 max-w-md text-sm text-muted">
        {filtered
          ? 'Try another workflow or status.'
          : 'Open a workflow and press Schedule in its toolbar to run it by itself: every weekday morning, every hour, or once at a set time.'}
      </p>
      {!filtered && (
        <Link to="/dashboard" className="mt-4 text-sm font-medium text-brand hover:underline">
          Go to your workflows
        </Link>
      )}
    </div>
  );
}
