import { newId } from '../platform/tokens.js';
import type { WorkflowLookup, WorkflowRunRow } from '../workflows/workflow-lookup.js';
import type { ExecutionSummary } from './execution-types.js';
import { type ExecutionsRepository, toSummary } from './executions.repository.js';
import type { StartRunRequest } from './run.service.js';

/** Where a new execution is when it is stored: queued, running or (refused) already ended. */
type NewExecutionState = Pick<ExecutionSummary, 'status' | 'error' | 'createdAt' | 'startedAt' | 'finishedAt' | 'durationMs'>;

/** A new execution's summary: a fresh id, the workflow it runs and what started it, in `state`. */
export function newExecutionSummary(
  workflow: Pick<WorkflowRunRow, 'id' | 'name' | 'version'>,
  request: StartRunRequest,
  state: NewExecutionState,
): ExecutionSummary {
  return {
    id: newId(),
    workflowId: workflow.id,
    workflowName: workflow.name,
    workflowVersion: workflow.version,
    trigger: request.trigger,
    ...state,
    ...(request.schedule ? { scheduleId: request.schedule.id, scheduledFor: request.schedule.scheduledFor } : {}),
    ...(request.replayOf ? { replayOf: request.replayOf } : {}),
    ...(request.parentExecutionId ? { parentExecutionId: request.parentExecutionId } : {}),
  };
}

/**
 * The row of a new execution from its summary: everything but its inputs and its runner,
 * which differ between a run that starts and one refused before it could.
 */
export function executionRow(summary: ExecutionSummary, userId: string, request: StartRunRequest) {
  return {
    id: summary.id,
    user_id: userId,
    workflow_id: summary.workflowId,
    workflow_name: summary.workflowName,
    workflow_version: summary.workflowVersion,
    trigger: summary.trigger,
    status: summary.status,
    error: summary.error,
    outputs: null,
    nodes: '{}',
    usage: null,
    events: null,
    idempotency_key: request.idempotencyKey ?? null,
    schedule_id: request.schedule?.id ?? null,
    scheduled_for: request.schedule?.scheduledFor ?? null,
    replay_of: request.replayOf ?? null,
    parent_execution_id: request.parentExecutionId ?? null,
    created_at: summary.createdAt,
    started_at: summary.startedAt,
    finished_at: summary.finishedAt,
    duration_ms: summary.durationMs,
    heartbeat_at: summary.createdAt,
  };
}

/**
 * Stores an execution that could not start, ended at once with `error` as its reason: a
 * scheduled workflow that cannot run (a deleted node type, a missing secret) leaves one
 * per tick in its history, where its owner looks, rather than nothing. Undefined when the
 * workflow is gone; the idempotency key keeps a retried tick to one row.
 */
export async function storeRefusedExecution(
  repository: ExecutionsRepository,
  workflows: Pick<WorkflowLookup, 'loadForRun'>,
  at: string,
  request: StartRunRequest,
  error: string,
  /** Told the execution when this call stored it (not when the key found an earlier one). */
  onStored?: (summary: ExecutionSummary) => void,
): Promise<ExecutionSummary | undefined> {
  const { userId, idempotencyKey } = request;
  if (idempotencyKey !== undefined) {
    const existing = await repository.findByIdempotencyKey(userId, idempotencyKey);
    if (existing) return toSummary(existing);
  }
  const workflow = await workflows.loadForRun(userId, request.workflowId);
  if (!workflow) return undefined;
  const summary = newExecutionSummary(workflow, request, { status: 'error', error, createdAt: at, startedAt: at, finishedAt: at, durationMs: 0 });
  const row = { ...executionRow(summary, userId, request), inputs: '{}', runner_id: null };
  if (!(await repository.insert(row))) {
    const winner = idempotencyKey === undefined ? undefined : await repository.findByIdempotencyKey(userId, idempotencyKey);
    return winner ? toSummary(winner) : undefined;
  }
  await repository.finish(row.id, workflow.id, {
    status: 'error',
    error,
    startedAt: at,
    finishedAt: at,
    durationMs: 0,
    nodes: '{}',
    outputs: '{}',
    usage: null,
    events: '[]',
  });
  const stored = toSummary(row);
  onStored?.(stored);
  return stored;
}
