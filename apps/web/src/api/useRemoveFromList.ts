import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';

/**
 * Deleting one item of a cached list (`DELETE <path>/:id`): gone from the list as soon as
 * the server agrees, with a toast either way; a refusal fetches the list again, since it
 * may be out of date. `alsoChanged`: other entries the deletion changes (usage).
 */
export function useRemoveFromList<Item extends { id: string }>(
  key: QueryKey,
  path: string,
  words: { done(item: Item): string; failed: string },
  alsoChanged: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Item) => api(`${path}/${encodeURIComponent(item.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, item) => {
      queryClient.setQueryData<Item[]>(key, (list) => list?.filter((other) => other.id !== item.id));
      toast.success(words.done(item));
      for (const changed of alsoChanged) void queryClient.invalidateQueries({ queryKey: changed });
    },
    onError: (error) => {
      toast.error(errorMessage(error, words.failed));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
