import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertRecord, AlertSettings, WorkflowAlerts } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';
import { workflowPath } from './workflows';

/**
 * GET/PUT /api/workflows/:id/alerts and POST …/alerts/test (docs/API.md "Failure
 * alerts") for the open workflow. A save replaces the cached settings only once the
 * server agreed; a test send refreshes them, as it becomes the last alert.
 */
export function useWorkflowAlerts(workflowId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.alerts(workflowId);
  const path = `${workflowPath(workflowId)}/alerts`;
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api<{ alerts: WorkflowAlerts }>(path, { signal })).alerts,
    // The streak and the last alert change as runs end elsewhere: ask again whenever the settings open.
    refetchOnMount: 'always',
  });
  const save = useMutation({
    mutationFn: (settings: AlertSettings) => api<{ alerts: WorkflowAlerts }>(path, { method: 'PUT', body: settings }),
    onSuccess: ({ alerts }) => queryClient.setQueryData(key, alerts),
  });
  const test = useMutation({
    mutationFn: () => api<{ alert: AlertRecord }>(`${path}/test`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { query, save, test };
}
