import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionSummary } from '@weft/core';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';

/** GET /api/collections and DELETE /api/collections/:id (docs/API.md "Collections"). */
export function useCollections() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.collections,
    queryFn: async ({ signal }) => (await api<{ collections: CollectionSummary[] }>('/api/collections', { signal })).collections,
  });
  const remove = useMutation({
    mutationFn: (collection: CollectionSummary) => api(`/api/collections/${encodeURIComponent(collection.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, collection) => {
      queryClient.setQueryData<CollectionSummary[]>(queryKeys.collections, (list) => list?.filter((c) => c.id !== collection.id));
      toast.success(`Collection "${collection.name}" deleted`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'Could not delete the collection.'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.collections });
    },
  });
  return { query, remove };
}
