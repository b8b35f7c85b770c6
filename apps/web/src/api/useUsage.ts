import { useQuery } from '@tanstack/react-query';
import type { UsageSummary } from '@weft/core';
import { api } from '../../lib/api';

/** Invalidated by whatever changes usage (uploads, deleted files and collections). */
export const USAGE_QUERY_KEY = ['usage'] as const;

/** GET /api/me/usage: the signed-in user's usage against this Weft's per-user quotas. */
export function useUsage() {
  return useQuery({
    queryKey: USAGE_QUERY_KEY,
    queryFn: ({ signal }) => api<UsageSummary>('/api/me/usage', { signal }),
  });
}
