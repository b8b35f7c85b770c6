/**
 * The execution shapes of the HTTP API (docs/API.md "Running workflows"), shared by the
 * server that answers them and the web app that reads them.
 */
import type { LogLevel, NodeStatus, NodeStep, RunEvent } from '../engine/index.js';
import type { RunDataMode } from '../run-data.js';
import type { ToolApproval } from './approvals.js';

/**
 * What started a run; `error`: another workflow's failure, this being its error workflow
 * (docs/API.md "Failure alerts"); `mcp`: an MCP client calling the workflow as a tool;
 * `workflow`: another workflow's Run Workflow node (a sub-workflow).
 */
export const RUN_TRIGGERS = ['manual', 'api', 'webhook', 'schedule', 'error', 'mcp', 'workflow'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/**
 * `waiting`: stopped at a tool call that needs a person's approval (docs/API.md "Tool
 * approvals"); no process holds it and it holds no run slot, but it is not over: a
 * decision resumes it, a cancel ends it.
 */
export const EXECUTION_STATUSES = ['queued', 'running', 'waiting', 'success', 'error', 'cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/**
 * Statuses of an execution that has not ended yet: the one list the server's queries on
 * live runs, its sweeps and the web's "still running" checks all read. Every other status
 * is final, but `waiting`, which a decision resumes.
 */
export const ACTIVE_EXECUTION_STATUSES = ['queued', 'running'] as const satisfies readonly ExecutionStatus[];
export type ActiveExecutionStatus = (typeof ACTIVE_EXECUTION_STATUSES)[number];

/** Whether an execution (or a node of one: the node statuses share these two names) has not ended yet. */
export function isActiveStatus(status: string): status is ActiveExecutionStatus {
  return (ACTIVE_EXECUTION_STATUSES as readonly string[]).includes(status);
}

/** One row of the execution history (docs/API.md "Running workflows"). */
export interface ExecutionSummary {
  id: string;
  workflowId: string;
  workflowName: string;
  workflowVersion: number;
  trigger: RunTrigger;
  status: ExecutionStatus;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** Set when a schedule started the run: which schedule, for which instant (ISO). */
  scheduleId?: string;
  scheduledFor?: string;
  /** Set when the run replays an earlier execution's inputs: that execution's id. */
  replayOf?: string;
  /** Set when another run's Run Workflow node started this one (trigger `workflow`): that run's id. */
  parentExecutionId?: string;
  /** The run's model tokens and cost, once it has ended; absent when it called no model. */
  usage?: UsageTotals;
  /**
   * What was kept of the run (run-data.ts): with `outputs`, nodes carry status and timings
   * but no inputs, outputs or logs; with `summary`, no nodes and no outputs. Absent: all.
   * In the list too, so the history can mark such runs before they are opened.
   */
  kept?: RunDataMode;
}

export interface NodeLogLine {
  at: string;
  level: LogLevel;
  message: string;
}

/** One node's part of a run, as stored and as the inspector shows it. */
export interface NodeResult {
  status: NodeStatus;
  attempts: number;
  /** Tries the node had in all, when its settings allow retries ("attempt 2 of 3"). */
  maxAttempts?: number;
  /** The node was not called: its outputs were pinned, or reused from an earlier run. */
  source?: 'pinned' | 'reused';
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  inputs: Record<string, unknown> | null;
  outputs: Record<string, unknown> | null;
  error: string | null;
  /** Why a skipped node did not run. */
  skipReason: string | null;
  logs: NodeLogLine[];
  /** An Agent's model and tool calls, each with its arguments, result, duration and tokens. */
  steps?: NodeStep[];
}

/**
 * Model tokens and what they cost, summed over calls (a run's, a workflow's). Costs come
 * from core's price table or a node's own prices (pricing/); a call whose model has no
 * known price adds its tokens but no cost, and marks the sum `costIncomplete`.
 */
export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  /** US dollars of the calls whose price was known; absent when none was. */
  costUsd?: number;
  /** Some call's price was unknown: `costUsd` counts only the others. */
  costIncomplete?: boolean;
}

/** One model's part of a run's usage. */
export interface ModelUsage extends UsageTotals {
  /** Model calls (an Agent's steps, LLM Chat's one call, embedding batches). */
  calls: number;
}

/** A run's model usage: the totals and, from runs stored since costs were counted, each model's part. */
export interface RunUsage extends UsageTotals {
  /** By the model id the provider answered with. */
  models?: Record<string, ModelUsage>;
}

/** A whole execution: the summary plus what went in, what came out and every node's part. */
export interface ExecutionDetail extends Omit<ExecutionSummary, 'usage'> {
  /** Run inputs by node id. */
  inputs: Record<string, unknown>;
  /** Values that reached output nodes, by node id. */
  outputs: Record<string, unknown>;
  /** The summary's totals with each model's part; null when the run called no model. */
  usage: RunUsage | null;
  nodes: Record<string, NodeResult>;
  /** The run's tool calls that needed approval (pending ones while it is `waiting`); absent when it had none. */
  approvals?: ToolApproval[];
}

/** A run event with its place in the execution's stream (1, 2, 3, …): the SSE `id`. */
export interface SequencedEvent {
  seq: number;
  event: RunEvent;
}
