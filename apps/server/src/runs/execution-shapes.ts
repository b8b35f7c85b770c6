import type { RunDataMode, UsageTotals } from '@weft/core';
import type { ExecutionDetail, ExecutionStatus, ExecutionSummary, RunTrigger, RunUsage } from './execution-types.js';
import type { ExecutionRow, SummaryRow } from './executions.repository.js';
import { parseStoredNodes } from './run-data-storage.js';

/** An execution row as the API's summary (the history list's row). */
export function toSummary(row: SummaryRow): ExecutionSummary {
  return {
    id: row.id,
    workflowId: row.workflow_id,
    workflowName: row.workflow_name,
    workflowVersion: row.workflow_version,
    trigger: row.trigger as RunTrigger,
    status: row.status as ExecutionStatus,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms,
    ...(row.schedule_id ? { scheduleId: row.schedule_id } : {}),
    ...(row.scheduled_for ? { scheduledFor: row.scheduled_for } : {}),
    ...(row.replay_of ? { replayOf: row.replay_of } : {}),
    ...(row.parent_execution_id ? { parentExecutionId: row.parent_execution_id } : {}),
    ...(!row.data_kept || row.data_kept === 'all' ? {} : { kept: row.data_kept as RunDataMode }),
    ...usageOfRow(row),
  };
}

/** The run's usage totals from their columns (migration 0023); nothing for a run that called no model. */
function usageOfRow(row: SummaryRow): { usage?: UsageTotals } {
  if (row.input_tokens == null && row.output_tokens == null) return {};
  const usage: UsageTotals = { inputTokens: Number(row.input_tokens ?? 0), outputTokens: Number(row.output_tokens ?? 0) };
  if (row.cost_usd != null) usage.costUsd = Number(row.cost_usd);
  if (row.cost_incomplete) usage.costIncomplete = true;
  return { usage };
}

export function toDetail(row: ExecutionRow): ExecutionDetail {
  return {
    ...toSummary(row),
    inputs: JSON.parse(row.inputs) as Record<string, unknown>,
    outputs: row.outputs ? (JSON.parse(row.outputs) as Record<string, unknown>) : {},
    usage: row.usage ? (JSON.parse(row.usage) as RunUsage) : null,
    nodes: parseStoredNodes(row.nodes),
  };
}
