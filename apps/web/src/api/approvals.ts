import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ToolApproval } from '@weft/core';
import { api } from '../lib/api';
import { executionPath } from './executions';
import { queryKeys } from './query-keys';

export type { ToolApproval };

const approvalPath = (id: string) => `/api/approvals/${encodeURIComponent(id)}`;

/**
 * The tool calls of one execution that needed approval (`GET /api/executions/:id`'s
 * `approvals`), while `enabled` (the run shown waits). Asked again each time it is shown.
 */
export function useExecutionApprovals(executionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.executions.approvals(executionId ?? ''),
    queryFn: async ({ signal }) =>
      (await api<{ execution: { approvals?: ToolApproval[] } }>(executionPath(executionId ?? ''), { signal })).execution.approvals ?? [],
    enabled: enabled && executionId !== null,
    refetchOnMount: 'always',
  });
}

export interface ApprovalDecision {
  readonly id: string;
  readonly approved: boolean;
  /** Optional; a rejection's reason goes to the model. */
  readonly reason?: string;
}

/** `POST /api/approvals/:id/approve` or `…/reject`; the executions' lists and approvals are asked again after. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved, reason }: ApprovalDecision) =>
      api<{ approval: ToolApproval }>(`${approvalPath(id)}/${approved ? 'approve' : 'reject'}`, {
        method: 'POST',
        body: reason?.trim() ? { reason: reason.trim() } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.executions.all }),
  });
}
