import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { NODE_DEFINITIONS_QUERY_KEY } from '../../docs/useNodeDefinitions';
import { api } from '../../lib/api';
import type { CustomNodeRequest, CustomNodeType } from './custom-node-form';

export const CUSTOM_NODES_QUERY_KEY = ['custom-nodes'] as const;

/** The caller's custom node types, fresh: edit and delete need the id and code behind a library entry. */
export function fetchCustomNodes(queryClient: QueryClient): Promise<CustomNodeType[]> {
  return queryClient.fetchQuery({
    queryKey: CUSTOM_NODES_QUERY_KEY,
    queryFn: async ({ signal }) => (await api<{ customNodes: CustomNodeType[] }>('/api/custom-nodes', { signal })).customNodes,
    staleTime: 0,
  });
}

/**
 * Save and delete. Both refresh the node catalogue (the editor's library and canvas) and
 * the list, so a saved type shows under Custom at once and a deleted one goes away.
 */
export function useCustomNodeMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: NODE_DEFINITIONS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: CUSTOM_NODES_QUERY_KEY })]);

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
