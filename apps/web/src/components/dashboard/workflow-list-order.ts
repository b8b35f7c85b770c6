import type { WorkflowSummary } from './workflow-summary';

export const WORKFLOW_SORTS = [
  { value: 'updated', label: 'Last change' },
  { value: 'lastRun', label: 'Last run' },
  { value: 'name', label: 'Name' },
] as const;

export type WorkflowSort = (typeof WORKFLOW_SORTS)[number]['value'];

/**
 * The dashboard's list as the user asked for it: names containing every word of `query`
 * (any case, any order), then sorted; newest first for times (never run last), A–Z for names.
 */
export function orderWorkflows(workflows: readonly WorkflowSummary[], query: string, sort: WorkflowSort): WorkflowSummary[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const matching = workflows.filter((w) => {
    const name = w.name.toLocaleLowerCase();
    return words.every((word) => name.includes(word));
  });
  const byName = (a: WorkflowSummary, b: WorkflowSummary) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  const newest = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');
  return matching.sort((a, b) => {
    if (sort === 'name') return byName(a, b);
    if (sort === 'lastRun') return newest(a.lastRunAt, b.lastRunAt) || byName(a, b);
    return newest(a.updatedAt, b.updatedAt) || byName(a, b);
  });
}
