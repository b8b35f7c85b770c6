import { useWorkflowList } from '../api/useWorkflowList';
import { DashboardEmptyState } from '../components/dashboard/DashboardEmptyState';
import { DashboardTabs } from '../components/dashboard/DashboardTabs';
import { ExecutionHistory } from '../components/dashboard/ExecutionHistory';
import { ImportWorkflowButton } from '../components/dashboard/ImportWorkflowButton';
import { NewFromTemplateButton } from '../components/dashboard/NewFromTemplateButton';
import { NewWorkflowButton } from '../components/dashboard/NewWorkflowButton';
import { WorkflowList } from '../components/dashboard/WorkflowList';
import { WorkflowTableSkeleton } from '../components/dashboard/WorkflowTableSkeleton';
import { SchedulesOverview } from '../components/schedules/SchedulesOverview';
import { ErrorState } from '../components/ui/ErrorState';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { errorMessage } from '../lib/api';

export type DashboardTab = 'workflows' | 'executions' | 'schedules';

/**
 * /dashboard: the user's workflows, with create, import, export and delete;
 * /dashboard/executions: every run of them, filterable; /dashboard/schedules: what runs by itself. One page with a tab bar, so the
 * history is part of the dashboard rather than a page beside it.
 */
export function DashboardPage({ tab }: { tab: DashboardTab }) {
  useDocumentTitle(tab === 'executions' ? 'Executions · Weft' : tab === 'schedules' ? 'Schedules · Weft' : 'Dashboard · Weft');
  const list = useWorkflowList();
  const workflows = list.data;
  const isEmpty = workflows?.length === 0;
  return (
    <div className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 sm:py-10">
      <header className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink">Dashboard</h1>
          <p className="mt-1 text-sm text-muted">
            {tab === 'executions'
              ? 'Every run of your workflows, from the editor, the API, webhooks and schedules.'
              : tab === 'schedules'
                ? 'What runs by itself, and when it runs next.'
                : workflows && workflows.length > 0
                  ? `${workflows.length} ${workflows.length === 1 ? 'workflow' : 'workflows'} — open one to edit, run or schedule it.`
                  : 'Your workflows, their latest runs and schedules.'}
          </p>
        </div>
        {/* With no workflows the empty state offers these itself. */}
        {tab === 'workflows' && !isEmpty && (
          <div className="flex flex-wrap gap-2">
            <ImportWorkflowButton />
            <NewFromTemplateButton />
            <NewWorkflowButton />
          </div>
        )}
      </header>
      <DashboardTabs />
      {tab === 'executions' ? (
        <ExecutionHistory />
      ) : tab === 'schedules' ? (
        <SchedulesOverview />
      ) : list.isPending ? (
        <WorkflowTableSkeleton />
      ) : list.isError ? (
        <ErrorState title="Couldn't load your workflows" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : isEmpty ? (
        <DashboardEmptyState />
      ) : (
        <WorkflowList workflows={list.data} />
      )}
    </div>
  );
}
