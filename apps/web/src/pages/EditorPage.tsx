import { ReactFlowProvider } from '@xyflow/react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../components/ui/Button';
import { ErrorState } from '../components/ui/ErrorState';
import { WorkflowIcon } from '../components/ui/icons';
import { PageSpinner } from '../components/ui/Spinner';
import { EditorLayout } from '../editor/EditorLayout';
import { useWorkflowLoader } from '../editor/io/useWorkflowLoader';
import { useEditorStore } from '../editor/store/editor.store';
import { useNodeDefinitions } from '../editor/useNodeDefinitions';
import { useDocumentTitle } from '../landing/useDocumentTitle';

/**
 * /editor and /workflow/:id (SPEC.md section 2). Waits for the node catalogue and the
 * workflow, then shows the editor; a missing workflow gets a way back to the dashboard.
 * Leaving the page resets the editor, so coming back always shows the stored version.
 */
export function EditorPage() {
  const { workflowId } = useParams();
  const [search] = useSearchParams();
  const catalogue = useNodeDefinitions();
  const definitionsReady = catalogue.definitions.length > 0;
  // Declared before the loader so that the store has the catalogue when a template opens.
  useEffect(() => {
    useEditorStore.getState().setDefinitions(catalogue.definitions);
  }, [catalogue.definitions]);
  const { state, reload } = useWorkflowLoader(workflowId, search.get('template'), definitionsReady);
  const name = useEditorStore((s) => s.name);
  useDocumentTitle(state.status === 'ready' ? `${name} · Weft` : 'Editor · Weft');
  useEffect(() => () => useEditorStore.getState().reset(), []);

  if (state.status === 'not-found') return <WorkflowNotFound />;
  if (state.status === 'error') {
    return (
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <ErrorState title="Couldn’t open this workflow" message={state.message} onRetry={reload} />
      </div>
    );
  }
  if (!definitionsReady && catalogue.error) {
    return (
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <ErrorState title="Couldn’t load the node library" message={catalogue.error.message} onRetry={catalogue.refetch} />
      </div>
    );
  }
  if (state.status === 'loading' || !definitionsReady) return <PageSpinner label="Opening the editor" />;
  return (
    <ReactFlowProvider>
      <EditorLayout catalogue={catalogue} onReload={reload} />
    </ReactFlowProvider>
  );
}

function WorkflowNotFound() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-surface-2 text-muted">
          <WorkflowIcon size={24} />
        </span>
        <h1 className="mt-4 text-lg font-semibold text-ink">Workflow not found</h1>
        <p className="mt-2 text-sm leading-6 text-muted">This workflow doesn’t exist, was deleted, or belongs to another account.</p>
        <Link to="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to your workflows
        </Link>
      </div>
    </div>
  );
}
