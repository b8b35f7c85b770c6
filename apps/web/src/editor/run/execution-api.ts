import { api } from '../../lib/api';

/** docs/API.md "Running workflows": how a run was started. */
export type ExecutionTrigger = 'manual' | 'api' | 'webhook' | 'schedule';
export type ExecutionStatus = 'queued' | 'running' | 'success' | 'error' | 'cancelled';

export const EXECUTION_TRIGGERS: readonly ExecutionTrigger[] = ['manual', 'api', 'webhook', 'schedule'];
export const EXECUTION_STATUSES: readonly ExecutionStatus[] = ['queued', 'running', 'success', 'error', 'cancelled'];

/** One execution as lists and the run route answer it. Times are ISO strings. */
export interface ExecutionSummary {
  id: string;
  workflowId: string;
  workflowName: string;
  workflowVersion: number;
  trigger: ExecutionTrigger;
  status: ExecutionStatus;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
}

/** One stored log line of a node; `at` is read as an ISO string or epoch milliseconds. */
export interface ExecutionLogLine {
  at: string | number;
  level: 'info' | 'warn' | 'error';
  message: string;
}

/** What the server stored of one node of a run. */
export interface ExecutionNodeDetail {
  status: string;
  attempts: number;
  startedAt: string | number | null;
  finishedAt: string | number | null;
  durationMs: number | null;
  inputs: Record<string, unknown> | null;
  outputs: Record<string, unknown> | null;
  error: string | null;
  logs: ExecutionLogLine[];
}

export interface ExecutionDetail extends ExecutionSummary {
  /** Run inputs by node id (Text Inputs that ask on run). */
  inputs: Record<string, unknown> | null;
  /** Values that reached the output nodes, by node id. */
  outputs: Record<string, unknown> | null;
  usage: { inputTokens: number; outputTokens: number } | null;
  nodes: Record<string, ExecutionNodeDetail>;
}

export interface ExecutionFilters {
  workflowId?: string;
  status?: ExecutionStatus;
  trigger?: ExecutionTrigger;
  limit?: number;
  /** `nextCursor` of the previous page. */
  before?: string;
}

export interface ExecutionPage {
  executions: ExecutionSummary[];
  nextCursor: string | null;
}

export const executionPath = (id: string) => `/api/executions/${encodeURIComponent(id)}`;
export const executionEventsPath = (id: string) => `${executionPath(id)}/events`;

/** `GET /api/executions?…` with only the filters that are set. */
export function executionsQuery(filters: ExecutionFilters): string {
  const params = new URLSearchParams();
  for (const key of ['workflowId', 'status', 'trigger', 'limit', 'before'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/api/executions?${query}` : '/api/executions';
}

export function startRun(workflowId: string, inputs: Record<string, unknown>): Promise<{ execution: ExecutionSummary }> {
  return api(`/api/workflows/${encodeURIComponent(workflowId)}/run`, { method: 'POST', body: { inputs } });
}

export function cancelExecution(id: string): Promise<{ execution: ExecutionSummary }> {
  return api(`${executionPath(id)}/cancel`, { method: 'POST', body: {} });
}

export function fetchExecution(id: string, signal?: AbortSignal): Promise<{ execution: ExecutionDetail }> {
  return api(executionPath(id), { signal });
}

export function fetchExecutions(filters: ExecutionFilters, signal?: AbortSignal): Promise<ExecutionPage> {
  return api(executionsQuery(filters), { signal });
}

/** TanStack Query keys; every list starts with `EXECUTIONS_QUERY_KEY` so one invalidation refreshes them all. */
export const EXECUTIONS_QUERY_KEY = ['executions'] as const;
export const executionsQueryKey = (filters: ExecutionFilters) => [...EXECUTIONS_QUERY_KEY, filters] as const;
