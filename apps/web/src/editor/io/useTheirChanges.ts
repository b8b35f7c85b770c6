import { useQuery } from '@tanstack/react-query';
import { type ConcurrentEdits, diffConcurrentEdits } from '@weft/core';
import { useMemo } from 'react';
import { documentOf, fetchWorkflow } from '../../api/workflows';
import { asEditedDocument, toWorkflowDocument } from '../store/document-model';
import { useEditorStore } from '../store/editor.store';
import { snapshotOf } from '../store/editor-state';

/**
 * Both sides of a stale save, once asked for: the stored workflow (theirs) is fetched, and
 * each side is compared with the version this editor started from (`baseDocument`).
 */
export function useTheirChanges(enabled: boolean): { edits: ConcurrentEdits | null; loading: boolean; error: string | null } {
  const workflowId = useEditorStore((s) => s.workflowId);
  const base = useEditorStore((s) => s.baseDocument);
  const definitions = useEditorStore((s) => s.definitions);
  const revision = useEditorStore((s) => s.revision);
  const theirs = useQuery({
    queryKey: ['conflict-theirs', workflowId],
    queryFn: ({ signal }) => fetchWorkflow(workflowId as string, signal),
    enabled: enabled && workflowId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` counts edits to the document read from the store here.
  const edits = useMemo(() => {
    if (!theirs.data) return null;
    const yours = toWorkflowDocument(snapshotOf(useEditorStore.getState()));
    const stored = asEditedDocument(documentOf(theirs.data.workflow));
    // No base (never happens for a stored workflow): their side shows as unchanged.
    return diffConcurrentEdits(base ?? stored, stored, yours, definitions);
  }, [theirs.data, base, definitions, revision]);
  return { edits, loading: theirs.isFetching, error: theirs.error ? theirs.error.message : null };
}
