import { useQuery } from '@tanstack/react-query';
import type { UsageSummary } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/me/usage: the signed-in user's usage against this Weft's per-user quotas. */
export function useUsage() {
  return useQuery({
    queryKey: queryKeys.usage,
    queryFn: ({ signal }) => api<UsageSummary>('/api/me/usage', { signal }),
  });
}
