import type { RunEvent, SeededOutputs, WorkflowDocument } from '@weft/core';
import type { ToolApprovalResume, ToolDecision } from '@weft/nodes';
import type { ToolApprovalRow } from '../db/schema-agents.js';
import type { Clock } from '../platform/clock.js';
import type { RunResume } from './active-run.js';
import type { ExecutionSummary, NodeResult } from './execution-types.js';
import { type ExecutionRow, toSummary } from './executions.repository.js';
import { prepareRun } from './prepare-run.js';
import { parseStoredNodes, storedEventsOf } from './run-data-storage.js';
import type { RunDependencies } from './run-dependencies.js';
import type { LaunchRequest } from './run-launcher.js';
import { holdsTruncated } from './scope-run.js';

/** What a waiting run needs to go on, read from its row and its approvals. */
export interface ResumeSources {
  dependencies: RunDependencies;
  clock: Clock;
  /** The document of the version the run ran (every version a stored run ran is kept). */
  versionDocument(userId: string, workflowId: string, version: number): Promise<WorkflowDocument | undefined>;
}

export type ResumePlan = { ok: true; request: Omit<LaunchRequest, 'summary'> & { summary: ExecutionSummary } } | { ok: false; message: string };

/**
 * The launch of a waiting execution once every held call is decided: the same execution
 * (its row, its id, its event stream), the document of the version it ran, the nodes that
 * finished before the wait seeded with their stored outputs (so they are not called again;
 * stored values are masked, so a secret in one comes back as its mask, and one cut for
 * size runs again), and each waiting Agent given its stored state and the decisions. The
 * recorder starts with the stored events and a `run:resumed` saying who decided.
 */
export async function planResume(sources: ResumeSources, row: ExecutionRow, all: readonly ToolApprovalRow[]): Promise<ResumePlan> {
  // An Agent may wait more than once in a run: this wait's calls were stored together.
  const latest = all.reduce((max, approval) => (approval.created_at > max ? approval.created_at : max), '');
  const approvals = all.filter((approval) => approval.created_at === latest);
  const document = await sources.versionDocument(row.user_id, row.workflow_id, row.workflow_version);
  if (!document) return { ok: false, message: 'The workflow version this run ran is gone, so it cannot go on. Run the workflow again.' };
  const nodes = parseStoredNodes(row.nodes);
  const seeded = seededFrom(nodes);
  const prepared = await prepareRun(sources.dependencies, row.user_id, document, seeded);
  if (!prepared.ok) return { ok: false, message: `The run cannot go on: ${prepared.message}` };
  const { recorder } = prepared;
  const stored = storedEventsOf(row, row.id);
  recorder.restore(stored, row.usage ? JSON.parse(row.usage) : null);
  const resumed: RunEvent = {
    type: 'run:resumed',
    runId: row.id,
    at: sources.clock.nowMs?.() ?? sources.clock.now().getTime(),
    reason: resumedReason(approvals),
  };
  recorder.record(resumed);
  const inputs = JSON.parse(row.inputs) as Record<string, unknown>;
  const resume: RunResume = { agents: agentsOf(approvals), seeded: new Set(Object.keys(seeded)) };
  const sessionId = approvals.find((approval) => approval.session_id)?.session_id ?? undefined;
  return {
    ok: true,
    request: {
      userId: row.user_id,
      summary: { ...toSummary(row), error: null, finishedAt: null, durationMs: null },
      document: JSON.stringify(document),
      runInputs: inputs,
      storedInputs: inputs,
      seeded,
      answerWanted: false,
      ...(sessionId ? { sessionId } : {}),
      rebuildable: false,
      plan: prepared.plan,
      params: prepared.params,
      recorder,
      configErrors: prepared.configErrors,
      resume,
    },
  };
}

/** The nodes that succeeded before the wait, with outputs whole enough to stand in for a call. */
function seededFrom(nodes: Readonly<Record<string, NodeResult>>): Record<string, SeededOutputs> {
  const seeded: Record<string, SeededOutputs> = {};
  for (const [nodeId, result] of Object.entries(nodes)) {
    if (result.status !== 'success' || !result.outputs || holdsTruncated(result.outputs)) continue;
    seeded[nodeId] = { outputs: result.outputs, source: 'reused' };
  }
  return seeded;
}

/** Each waiting Agent's stored state (the same on each of its calls' rows) and the decisions on its calls. */
function agentsOf(approvals: readonly ToolApprovalRow[]): Map<string, ToolApprovalResume> {
  const agents = new Map<string, { state: unknown; decisions: ToolDecision[] }>();
  for (const approval of approvals) {
    let agent = agents.get(approval.node_id);
    if (!agent) {
      agent = { state: JSON.parse(approval.state), decisions: [] };
      agents.set(approval.node_id, agent);
    }
    const decidedBy = approval.decided_by ?? 'someone';
    agent.decisions.push({
      callId: approval.call_id,
      approved: approval.status === 'approved',
      decidedBy,
      ...(approval.reason ? { reason: approval.reason } : {}),
    });
  }
  return agents;
}

/** The log line of the resume: each call, its decision, and who made it. */
function resumedReason(approvals: readonly ToolApprovalRow[]): string {
  const decisions = approvals.map(
    (approval) => `${approval.tool_name} ${approval.status === 'approved' ? 'approved' : 'rejected'} by ${approval.decided_by ?? 'someone'}`,
  );
  return `Run resumed: ${decisions.join('; ')}`;
}
