import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { fetchWorkflows } from './workflows';

/** The signed-in user's workflows (GET /api/workflows); saves, runs and restores refresh it. */
export function useWorkflowList() {
  return useQuery({ queryKey: queryKeys.workflows, queryFn: ({ signal }) => fetchWorkflows(signal) });
}
