import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';
import type { SecretSummary } from './useSecretNames';

/** docs/API.md "Secrets": a secret as the list shows it; the API never returns a value. */
export interface Secret extends SecretSummary {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** E-mail of who created it; null for secrets from before the audit trail. */
  createdBy: string | null;
  /** E-mail of who last used it in a run, and when; null until then. */
  lastUsedBy: string | null;
  lastUsedAt: string | null;
}

export interface SecretChanges {
  name?: string;
  value?: string;
}

/**
 * GET/POST/PUT/DELETE /api/secrets. The cache entry is the API's `{ secrets }` answer
 * under ['secrets'], the same entry the editor's secret picker reads (useSecretNames),
 * so every change here is invalidated there too.
 */
export function useSecrets() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.secrets,
    queryFn: ({ signal }) => api<{ secrets: Secret[] }>('/api/secrets', { signal }),
    select: (data) => data.secrets,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.secrets });

  const create = useMutation({
    mutationFn: (input: { name: string; value: string }) => api<{ secret: Secret }>('/api/secrets', { body: input }),
    onSuccess: ({ secret }) => toast.success(`Secret ${secret.name} added`),
    onError: (error) => toast.error(errorMessage(error, 'Could not add the secret.')),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: ({ secret, changes }: { secret: Secret; changes: SecretChanges }) =>
      api<{ secret: Secret }>(`/api/secrets/${encodeURIComponent(secret.id)}`, { method: 'PUT', body: changes }),
    onSuccess: ({ secret }, { secret: before, changes }) =>
      toast.success(changes.name !== undefined ? `Renamed ${before.name} to ${secret.name}` : `Value of ${secret.name} replaced`),
    onError: (error) => toast.error(errorMessage(error, 'Could not update the secret.')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (secret: Secret) => api(`/api/secrets/${encodeURIComponent(secret.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, secret) => toast.success(`Secret ${secret.name} deleted`),
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the secret.')),
    onSettled: refresh,
  });
  return { query, create, update, remove };
}
