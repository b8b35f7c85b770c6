import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { createWorkflow, fetchWorkflow, saveWorkflow, type WorkflowAnswer } from '../../api/workflows';
import { ApiError, errorMessage } from '../../lib/api';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { toast } from '../../stores/toast.store';
import { toWorkflowDocument } from '../store/document-model';
import { useEditorStore } from '../store/editor.store';
import { snapshotOf } from '../store/editor-state';

/**
 * Saves the open workflow: POST for a new one (then the URL becomes /workflow/:id), PUT
 * with `baseVersion` for a stored one. A stale save (409) opens the conflict dialog,
 * whose "Overwrite" saves again on top of the server's current version.
 */
export function useSaveWorkflow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const busy = useRef(false);

  const save = useCallback(
    async (options: { overwrite?: boolean } = {}) => {
      if (busy.current) return false;
      busy.current = true;
      setSaving(true);
      const state = useEditorStore.getState();
      const document = toWorkflowDocument(snapshotOf(state));
      // Edits made while the request runs keep the unsaved flag up (markSaved compares).
      const revision = state.revision;
      try {
        let answer: WorkflowAnswer;
        if (!state.workflowId) {
          answer = await createWorkflow(document);
        } else {
          let baseVersion = state.version;
          if (options.overwrite) baseVersion = (await fetchWorkflow(state.workflowId)).workflow.version;
          answer = await saveWorkflow(state.workflowId, baseVersion, document);
        }
        useEditorStore.getState().markSaved({ id: answer.workflow.id, version: answer.workflow.version }, revision);
        writeStorage(STORAGE_KEYS.lastWorkflowId, answer.workflow.id);
        // The dashboard's list: a save changes names and times there.
        void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
        setConflict(false);
        toast.success(`Saved “${answer.workflow.name}”.`);
        if (!state.workflowId) navigate(`/workflow/${encodeURIComponent(answer.workflow.id)}`, { replace: true });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setConflict(true);
        else toast.error(errorMessage(error, 'Could not save the workflow.'));
        return false;
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [navigate, queryClient],
  );

  const dismissConflict = useCallback(() => setConflict(false), []);
  return { save, saving, conflict, dismissConflict };
}
