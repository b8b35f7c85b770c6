import {
  EXECUTION_STATUSES,
  type ExecutionDetail,
  type ExecutionStatus,
  type ExecutionSummary,
  type NodeLogLine,
  type NodeResult,
  RUN_TRIGGERS,
  type RunScope,
  type RunTarget,
  type RunTrigger,
} from '@weft/core';
import { api } from '../lib/api';
import { workflowPath } from './workflows';

// The API's shapes come from core, shared with the server that answers them.
export type { ExecutionDetail, ExecutionStatus, ExecutionSummary };
export type ExecutionTrigger = RunTrigger;
export type ExecutionLogLine = NodeLogLine;
export type ExecutionNodeDetail = NodeResult;
export { EXECUTION_STATUSES };
export const EXECUTION_TRIGGERS: readonly ExecutionTrigger[] = RUN_TRIGGERS;

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

/**
 * Starts a run; with a target, only that node (fed by earlier runs) or everything up to
 * it. `wait`: the server answers at the run's end (a long run answers while still going).
 */
export function startRun(
  workflowId: string,
  inputs: Record<string, unknown>,
  target?: RunTarget,
  options: { wait?: boolean; sessionId?: string } = {},
): Promise<{ execution: ExecutionSummary; scope?: RunScope }> {
  const path = `${workflowPath(workflowId)}/run${options.wait ? '?wait=true' : ''}`;
  const body = { inputs, ...(target ? { target } : {}), ...(options.sessionId ? { sessionId: options.sessionId } : {}) };
  return api(path, { method: 'POST', body });
}

/** A new run of the execution's workflow with that execution's inputs. */
export function replayExecution(id: string): Promise<{ execution: ExecutionSummary }> {
  return api(`${executionPath(id)}/replay`, { method: 'POST', body: {} });
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
