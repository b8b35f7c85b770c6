import { useQuery } from '@tanstack/react-query';
import type { WorkflowUsage } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';
import { workflowPath } from './workflows';

/** GET /api/workflows/:id/usage (docs/API.md "Token use and cost"): the workflow's tokens and cost, last 30 days and all time. */
export function useWorkflowUsage(workflowId: string) {
  return useQuery({
    queryKey: queryKeys.workflowUsage(workflowId),
    queryFn: async ({ signal }) => (await api<{ usage: WorkflowUsage }>(`${workflowPath(workflowId)}/usage`, { signal })).usage,
    // Runs end elsewhere (schedules, webhooks): ask again whenever the settings open.
    refetchOnMount: 'always',
  });
}
