import { useQuery } from '@tanstack/react-query';
import type { WorkflowVersionDetail, WorkflowVersionSummary } from '@weft/core';
import { ApiError, api } from '../lib/api';
import { queryKeys } from './query-keys';
import { type WorkflowAnswer, workflowPath } from './workflows';

const versionPath = (workflowId: string, version: number) => `${workflowPath(workflowId)}/versions/${version}`;

/** GET /api/workflows/:id/versions, newest first, while the panel is open. */
export function useWorkflowVersions(workflowId: string) {
  return useQuery({
    queryKey: queryKeys.workflowVersions.list(workflowId),
    queryFn: async ({ signal }) => (await api<{ versions: WorkflowVersionSummary[] }>(`${workflowPath(workflowId)}/versions`, { signal })).versions,
  });
}

/** One version with its diff to the current workflow; none while nothing is chosen. */
export function useWorkflowVersion(workflowId: string, version: number | null) {
  return useQuery({
    queryKey: queryKeys.workflowVersions.one(workflowId, version ?? 0),
    enabled: version !== null,
    // A version that is not kept stays so: say it at once instead of asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
    queryFn: async ({ signal }) => (await api<{ version: WorkflowVersionDetail }>(versionPath(workflowId, version ?? 0), { signal })).version,
  });
}

/** Restores a kept version as a new save on top of `baseVersion`; a 409 when someone saved meanwhile. */
export function restoreVersion(workflowId: string, version: number, baseVersion: number | null): Promise<WorkflowAnswer> {
  return api<WorkflowAnswer>(`${versionPath(workflowId, version)}/restore`, { method: 'POST', body: { baseVersion } });
}
