import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/workflow/:id?execution=<id>` (links from the dashboard's Executions tab) opens that run once
 * the editor is up; a later change of the parameter opens the new one.
 */
export function useExecutionParam(openExecution: (executionId: string) => void): void {
  const [search] = useSearchParams();
  const executionId = search.get('execution');
  useEffect(() => {
    if (executionId) openExecution(executionId);
  }, [executionId, openExecution]);
}
