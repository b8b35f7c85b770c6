import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';
import { useRemoveFromList } from './useRemoveFromList';

/** docs/API.md "API keys": what the list shows of a key (never the key itself). */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The workflows the key may call; null: every workflow. */
  workflowIds: string[] | null;
}

/** What a new key is: its name, and the workflows it may call (null: every one). */
export interface NewApiKey {
  name: string;
  workflowIds: string[] | null;
}

/** GET/POST/PATCH/DELETE /api/api-keys; a created key's token lives only in the caller's state. */
export function useApiKeys() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: async ({ signal }) => (await api<{ apiKeys: ApiKey[] }>('/api/api-keys', { signal })).apiKeys,
  });
  const create = useMutation({
    mutationFn: (key: NewApiKey) => api<{ apiKey: ApiKey; token: string }>('/api/api-keys', { body: key }),
    onSuccess: ({ apiKey }) => {
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys, (keys) => [apiKey, ...(keys ?? [])]);
      toast.success(`API key "${apiKey.name}" created`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not create the API key.')),
  });
  const limit = useMutation({
    mutationFn: ({ key, workflowIds }: { key: ApiKey; workflowIds: string[] | null }) =>
      api<{ apiKey: ApiKey }>(`/api/api-keys/${encodeURIComponent(key.id)}`, { method: 'PATCH', body: { workflowIds } }),
    onSuccess: ({ apiKey }) => {
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys, (keys) => keys?.map((k) => (k.id === apiKey.id ? apiKey : k)));
      toast.success(apiKey.workflowIds === null ? `“${apiKey.name}” may call every workflow` : `“${apiKey.name}” may call only the workflows you picked`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change what the key may call.')),
  });
  const revoke = useRemoveFromList<ApiKey>(queryKeys.apiKeys, '/api/api-keys', {
    done: (key) => `API key "${key.name}" revoked`,
    failed: 'Could not revoke the API key.',
  });
  return { query, create, limit, revoke };
}
