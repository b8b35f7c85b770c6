import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionRetention } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET and PUT /api/me/version-retention; the PUT answers how many versions it let go. */
export function useVersionRetention() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.versionRetention,
    queryFn: async ({ signal }) => (await api<{ retention: VersionRetention }>('/api/me/version-retention', { signal })).retention,
  });
  const update = useMutation({
    mutationFn: (retention: VersionRetention) =>
      api<{ retention: VersionRetention; pruned: number }>('/api/me/version-retention', { method: 'PUT', body: retention }),
    onSuccess: ({ retention }) => {
      queryClient.setQueryData(queryKeys.versionRetention, retention);
      // Histories the rule just pruned are out of date.
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflowVersions.all });
    },
  });
  return { query, update };
}
