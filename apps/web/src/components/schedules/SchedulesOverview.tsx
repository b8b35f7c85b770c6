import { Link } from 'react-router';
import { useSchedules } from '../../api/schedules';
import { useNow } from '../../hooks/useNow';
import { WorkflowTableSkeleton } from '../dashboard/WorkflowTableSkeleton';
import { DataTable } from '../ui/DataTable';
import { ErrorState } from '../ui/ErrorState';
import { CalendarClockIcon, PencilIcon } from '../ui/icons';
import type { HeaderColumn } from '../ui/TableHead';
import { td } from '../ui/table-styles';
import { ScheduleRowActions } from './ScheduleRowActions';
import { LastRun, NextRun, ScheduleProblem } from './ScheduleStatus';
import { describeTiming, scheduleTitle } from './schedule-text';

const HEAD: HeaderColumn[] = [
  { label: 'Schedule' },
  { label: 'Workflow', className: 'hidden w-44 md:table-cell' },
  { label: 'Next run', className: 'w-44' },
  { label: 'Last run', className: 'hidden w-52 sm:table-cell' },
  { label: 'Actions', className: 'w-52', hidden: true },
];

/** /dashboard/schedules: every schedule of the user, with pause, resume, run now, backfill, edit and delete. */
export function SchedulesOverview() {
  // Next and last runs move on by themselves: look again now and then while the tab is open.
  const { data: schedules, isPending, error, refetch, isFetching } = useSchedules(null, { refresh: true });
  const now = useNow();

  if (isPending) return <WorkflowTableSkeleton />;
  if (error) return <ErrorState title="Couldn't load your schedules" message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  if (schedules.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center">
        <CalendarClockIcon size={32} className="text-subtle" />
        <h2 className="mt-3 text-base font-semibold text-ink">No schedules yet</h2>
        <p className="mt-1 max-w-md text-sm text-muted">
          Open a workflow and press Schedule in its toolbar to run it by itself: every weekday morning, every hour, or once at a set time.
        </p>
        <Link to="/dashboard" className="mt-4 text-sm font-medium text-brand hover:underline">
          Go to your workflows
        </Link>
      </div>
    );
  }

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
                {schedule.name ? `${describeTiming(schedule)} · ` : ''}
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
