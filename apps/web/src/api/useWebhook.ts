import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';
import { workflowPath } from './workflows';

export type WebhookRespond = 'output' | 'accepted';

/** docs/API.md "Webhooks": the whole URL (its last part is the secret) and how it answers. */
export interface Webhook {
  url: string;
  respond: WebhookRespond;
}

/** GET/PUT/DELETE /api/workflows/:id/webhook for the open workflow. */
export function useWebhook(workflowId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.webhook(workflowId);
  const path = `${workflowPath(workflowId)}/webhook`;
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api<{ webhook: Webhook | null }>(path, { signal })).webhook,
  });
  const save = useMutation({
    mutationFn: (change: { respond?: WebhookRespond; regenerate?: boolean }) => api<{ webhook: Webhook }>(path, { method: 'PUT', body: change }),
    onSuccess: ({ webhook }, change) => {
      const before = queryClient.getQueryData<Webhook | null>(key);
      queryClient.setQueryData(key, webhook);
      if (!before) toast.success('Webhook enabled');
      else if (change.regenerate) toast.success('New webhook URL created. The old one no longer works.');
      else toast.success(webhook.respond === 'output' ? 'The webhook now answers with the output' : 'The webhook now answers at once with the execution id');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not update the webhook.')),
  });
  const disable = useMutation({
    mutationFn: () => api(path, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData(key, null);
      toast.success('Webhook disabled. Its URL no longer works.');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not disable the webhook.')),
  });
  return { query, save, disable };
}
