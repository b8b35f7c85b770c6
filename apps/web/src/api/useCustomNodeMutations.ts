import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { CustomNodeRequest, CustomNodeType } from './custom-nodes';
import { queryKeys } from './query-keys';

/**
 * Save and delete. Both refresh the node catalogue (the editor's library and canvas) and
 * the list, so a saved type shows under Custom at once and a deleted one goes away.
 */
export function useCustomNodeMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.nodeDefinitions }), queryClient.invalidateQueries({ queryKey: queryKeys.customNodes })]);

  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: CustomNodeRequest }) => {
      const answer = id
        ? await api<{ customNode: CustomNodeType }>(`/api/custom-nodes/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : await api<{ customNode: CustomNodeType }>('/api/custom-nodes', { method: 'POST', body });
      return answer.customNode;
    },
    onSuccess: refresh,
  });

  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/custom-nodes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });

  return { save, remove };
}
