import { Link } from 'react-router';
import { DashboardEmptyState } from '../components/dashboard/DashboardEmptyState';
import { ImportWorkflowButton } from '../components/dashboard/ImportWorkflowButton';
import { NewWorkflowButton } from '../components/dashboard/NewWorkflowButton';
import { useWorkflowList } from '../components/dashboard/useWorkflows';
import { WorkflowTable } from '../components/dashboard/WorkflowTable';
import { WorkflowTableSkeleton } from '../components/dashboard/WorkflowTableSkeleton';
import { buttonClasses } from '../components/ui/Button';
import { ErrorState } from '../components/ui/ErrorState';
import { ClockIcon } from '../components/ui/icons';
import { errorMessage } from '../lib/api';

/** /dashboard: the user's workflows, with create, import, export and delete. */
export function DashboardPage() {
  const list = useWorkflowList();
  const workflows = list.data;
  const isEmpty = workflows?.length === 0;
  return (
    <div className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 sm:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink">Dashboard</h1>
          <p className="mt-1 text-sm text-muted">
            {workflows && workflows.length > 0
              ? `${workflows.length} ${workflows.length === 1 ? 'workflow' : 'workflows'} — open one to edit, run or schedule it.`
              : 'Your workflows, their latest runs and schedules.'}
          </p>
        </div>
        {!isEmpty && (
          <div className="flex flex-wrap gap-2">
            <Link to="/executions" className={buttonClasses('ghost')} data-testid="executions-link">
              <ClockIcon size={16} />
              Executions
            </Link>
            <ImportWorkflowButton />
            <NewWorkflowButton />
          </div>
        )}
      </header>
      {list.isPending ? (
        <WorkflowTableSkeleton />
      ) : list.isError ? (
        <ErrorState title="Couldn't load your workflows" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : isEmpty ? (
        <DashboardEmptyState />
      ) : (
        <WorkflowTable workflows={list.data} />
      )}
    </div>
  );
}
