import type { ExecutionNode, FailedNode } from '@weft/core';
import type { ExecutionStatus, ExecutionSummary, NodeResult } from './execution-types.js';

/**
 * A run's end, told once it is stored, by the one process that stored it (the run's
 * holder, or whoever stored a refused run): what failure alerts (../alerts/) need to know.
 */
export interface EndedRun {
  readonly executionId: string;
  readonly userId: string;
  readonly workflowId: string;
  readonly workflowName: string;
  readonly trigger: ExecutionSummary['trigger'];
  readonly status: Exclude<ExecutionStatus, 'queued' | 'running'>;
  readonly error: string | null;
  readonly scheduleId: string | null;
  readonly finishedAt: string;
  /** The node that failed first (masked, as stored), when one did. */
  readonly failedNode: FailedNode | null;
  /** Ended because this process was stopping (a deploy, a restart), not by its workflow. */
  readonly byShutdown: boolean;
}

/** Told each stored end; must not throw or wait: it runs on the run's closing path. */
export type RunEndListener = (run: EndedRun) => void;

/** The ended run of a stored summary. */
export function endedRun(userId: string, summary: ExecutionSummary, extra: { failedNode: FailedNode | null; byShutdown: boolean }): EndedRun | undefined {
  const { status, finishedAt } = summary;
  if (status === 'queued' || status === 'running' || finishedAt === null) return undefined;
  return {
    executionId: summary.id,
    userId,
    workflowId: summary.workflowId,
    workflowName: summary.workflowName,
    trigger: summary.trigger,
    status,
    error: summary.error,
    scheduleId: summary.scheduleId ?? null,
    finishedAt,
    ...extra,
  };
}

/** The first node, in the order they finished, that failed: its id, label and error. */
export function firstFailedNode(nodes: Readonly<Record<string, NodeResult>>, planNodes: readonly ExecutionNode[]): FailedNode | null {
  let first: [string, NodeResult] | undefined;
  for (const entry of Object.entries(nodes)) {
    const [, result] = entry;
    if (result.status !== 'error') continue;
    if (!first || (result.finishedAt ?? '') < (first[1].finishedAt ?? '')) first = entry;
  }
  if (!first) return null;
  const [id, result] = first;
  const label = planNodes.find((node) => node.id === id)?.label ?? id;
  return { id, label, error: result.error ?? 'Failed' };
}
