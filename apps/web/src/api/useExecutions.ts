import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ExecutionFilters, fetchExecutions } from './executions';
import { queryKeys } from './query-keys';

/** Runs of one workflow, newest first (the editor's history shows the latest ten). */
export function useWorkflowExecutions(workflowId: string | null, limit: number, enabled: boolean) {
  const filters: ExecutionFilters = { workflowId: workflowId ?? undefined, limit };
  return useQuery({
    queryKey: queryKeys.executions.list(filters),
    queryFn: ({ signal }) => fetchExecutions(filters, signal),
    enabled: enabled && !!workflowId,
    // A run started elsewhere (API, webhook, schedule) shows up when the list is opened again.
    staleTime: 0,
  });
}

/** All of the user's runs matching the filters, a page at a time through `nextCursor`. */
export function useExecutionPages(filters: Omit<ExecutionFilters, 'before'>) {
  return useInfiniteQuery({
    queryKey: queryKeys.executions.pages(filters),
    queryFn: ({ signal, pageParam }) => fetchExecutions({ ...filters, ...(pageParam ? { before: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
