import { useQuery } from '@tanstack/react-query';
import type { CollectionSummary } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';
import { useRemoveFromList } from './useRemoveFromList';

/** GET /api/collections and DELETE /api/collections/:id (docs/API.md "Collections"). */
export function useCollections() {
  const query = useQuery({
    queryKey: queryKeys.collections,
    queryFn: async ({ signal }) => (await api<{ collections: CollectionSummary[] }>('/api/collections', { signal })).collections,
  });
  const remove = useRemoveFromList<CollectionSummary>(
    queryKeys.collections,
    '/api/collections',
    { done: (collection) => `Collection "${collection.name}" deleted`, failed: 'Could not delete the collection.' },
    [queryKeys.usage],
  );
  return { query, remove };
}
