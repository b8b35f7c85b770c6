import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { restoreVersion } from '../../api/useWorkflowVersions';
import { errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { toLoaded } from '../store/editor-state';

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
      const answer = await restoreVersion(workflowId, version, baseVersion);
      return { version, workflow: answer.workflow };
    },
    onSuccess: ({ version, workflow }) => {
      useEditorStore.getState().load(toLoaded(workflow));
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflowVersions.list(workflowId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
      toast.success(`Restored version ${version} as version ${workflow.version}.`);
      onRestored(workflow.version);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not restore this version.')),
  });
}
