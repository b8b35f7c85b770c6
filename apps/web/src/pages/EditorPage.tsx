import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../components/ui/Button';
import { SparklesIcon, WorkflowIcon } from '../components/ui/icons';
import { Skeleton } from '../components/ui/Skeleton';
import { ApiError, api, errorMessage } from '../lib/api';

interface StoredWorkflow {
  workflow: { id: string; name: string };
}

/** /editor and /workflow/:id — a placeholder until the editor ships. */
export function EditorPage() {
  const { workflowId } = useParams();
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <WorkflowIcon size={24} />
        </span>
        {workflowId && <WorkflowName id={workflowId} />}
        <h1 className="mt-4 text-xl font-semibold tracking-tight text-ink">The editor is coming in the next release</h1>
        <p className="mx-auto mt-2 max-w-sm text-sm leading-6 text-muted">
          Soon you'll drag nodes onto a canvas, connect them, and run your workflows here with live logs. Your workflows are saved and waiting.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-2">
          <Link to="/dashboard" className={buttonClasses('primary')}>
            Go to dashboard
          </Link>
          <Link to="/gallery" className={buttonClasses('secondary')}>
            <SparklesIcon size={16} />
            Browse templates
          </Link>
        </div>
      </div>
    </div>
  );
}

function WorkflowName({ id }: { id: string }) {
  const query = useQuery({
    queryKey: ['workflow', id],
    queryFn: ({ signal }) => api<StoredWorkflow>(`/api/workflows/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  if (query.isPending) return <Skeleton className="mx-auto mt-5 h-6 w-48" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p role="alert" className="mt-5 text-sm text-danger">
        {missing ? "This workflow doesn't exist or was deleted." : `Couldn't load this workflow: ${errorMessage(query.error)}`}
      </p>
    );
  }
  return (
    <p className="mt-5 inline-flex max-w-full items-center gap-2 rounded-full border border-line bg-surface-2 px-3 py-1 text-sm font-medium text-ink">
      <span className="truncate" data-testid="workflow-name">
        {query.data.workflow.name}
      </span>
    </p>
  );
}
