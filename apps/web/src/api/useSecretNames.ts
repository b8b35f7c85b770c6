import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** One entry of `GET /api/secrets`: the API never returns a value (DESIGN.md). */
export interface SecretSummary {
  name: string;
  last4: string;
}

export interface SecretNames {
  /** The user's secrets, or `null` while unknown (loading, or the server has no secrets API). */
  secrets: readonly SecretSummary[] | null;
  isLoading: boolean;
}

/**
 * The signed-in user's secret names for the secret picker and the prompt hints. When
 * the server does not answer (an older server without the secrets API, or offline),
 * `secrets` stays `null` and the fields fall back to typing a name.
 */
export function useSecretNames(): SecretNames {
  const query = useQuery({
    queryKey: queryKeys.secrets,
    queryFn: ({ signal }) => api<{ secrets: SecretSummary[] }>('/api/secrets', { signal }),
    // A missing endpoint will not appear on a retry; the fallback is a fine answer.
    retry: false,
    staleTime: 30_000,
  });
  const list = query.data?.secrets;
  return { secrets: Array.isArray(list) ? list : null, isLoading: query.isPending };
}
