import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { toLoaded, type WorkflowAnswer } from '../io/api-workflow';
import { useEditorStore } from '../store/editor.store';
import { versionKeys, versionPath } from './version-api';

/**
 * Restores a kept version as a new save on top of the version the editor holds, the same
 * optimistic check as Save: if someone saved meanwhile, the server's 409 message says so
 * and nothing changes. On success the canvas shows the restored workflow.
 */
export function useRestoreVersion(workflowId: string, onRestored: (newVersion: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) => {
      const baseVersion = useEditorStore.getState().version;
      const answer = await api<WorkflowAnswer>(`${versionPath(workflowId, version)}/restore`, { method: 'POST', body: { baseVersion } });
      return { version, workflow: answer.workflow };
    },
    onSuccess: ({ version, workflow }) => {
      useEditorStore.getState().load(toLoaded(workflow));
      void queryClient.invalidateQueries({ queryKey: versionKeys.all(workflowId) });
      void queryClient.invalidateQueries({ queryKey: ['workflows'] });
      toast.success(`Restored version ${version} as version ${workflow.version}.`);
      onRestored(workflow.version);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not restore this version.')),
  });
}
