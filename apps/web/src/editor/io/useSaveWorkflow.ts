import { useQueryClient } from '@tanstack/react-query';
import type { WorkflowDocument } from '@weft/core';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { createWorkflow, saveWorkflow, type WorkflowAnswer } from '../../api/workflows';
import { ApiError, errorMessage } from '../../lib/api';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { toast } from '../../stores/toast.store';
import { toWorkflowDocument } from '../store/document-model';
import { useEditorStore } from '../store/editor.store';
import { snapshotOf, toLoaded } from '../store/editor-state';
import { copyName, type StaleSave, staleSaveOf } from './stale-save';

/**
 * Saves the open workflow: POST for a new one (then the URL becomes /workflow/:id), PUT
 * with `baseVersion` for a stored one. A stale save (409) is never retried over the newer
 * version: it opens the conflict dialog (`conflict`), whose choices are to see both sides'
 * changes, reload theirs, or keep yours as a new workflow (`saveAsCopy`).
 */
export function useSaveWorkflow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<StaleSave | null>(null);
  const busy = useRef(false);

  /** Runs one save at a time; the document is the editor's as the save starts. */
  const guarded = useCallback(
    async (
      write: (document: WorkflowDocument, workflowId: string | null, version: number | null) => Promise<WorkflowAnswer>,
      message: string,
      open = false,
    ) => {
      if (busy.current) return false;
      busy.current = true;
      setSaving(true);
      const state = useEditorStore.getState();
      const document = toWorkflowDocument(snapshotOf(state));
      // Edits made while the request runs keep the unsaved flag up (markSaved compares).
      const revision = state.revision;
      try {
        const answer = await write(document, state.workflowId, state.version);
        // A copy opens as itself (its name, a fresh history); a save keeps the editing session.
        if (open) useEditorStore.getState().load(toLoaded(answer.workflow));
        else useEditorStore.getState().markSaved({ id: answer.workflow.id, version: answer.workflow.version }, revision, document);
        writeStorage(STORAGE_KEYS.lastWorkflowId, answer.workflow.id);
        // The dashboard's list: a save changes names and times there.
        void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
        setConflict(null);
        toast.success(`${message} “${answer.workflow.name}”.`);
        if (answer.workflow.id !== state.workflowId) navigate(`/workflow/${encodeURIComponent(answer.workflow.id)}`, { replace: !state.workflowId });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && error.code === 'version_conflict') setConflict(staleSaveOf(error));
        else toast.error(errorMessage(error, 'Could not save the workflow.'));
        return false;
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [navigate, queryClient],
  );

  const save = useCallback(
    () => guarded((document, workflowId, version) => (workflowId ? saveWorkflow(workflowId, version, document) : createWorkflow(document)), 'Saved'),
    [guarded],
  );

  /** The conflict's "Save as a copy": the editor's document as a new workflow, which then is the one open. */
  const saveAsCopy = useCallback(async () => {
    return guarded((document) => createWorkflow({ ...document, name: copyName(document.name) }), 'Saved your version as', true);
  }, [guarded]);

  const dismissConflict = useCallback(() => setConflict(null), []);
  return { save, saving, conflict, dismissConflict, saveAsCopy };
}
