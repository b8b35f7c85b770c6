import type { ToolApproval } from '@weft/core';
import type { Logger } from 'pino';
import { newId } from '../platform/tokens.js';
import type { ActiveRun } from './active-run.js';
import type { ExecutionsRepository, SummaryRow } from './executions.repository.js';
import type { WaitingRuns } from './held-runs.js';
import { planResume, type ResumeSources } from './resume-run.js';
import type { RunLauncher } from './run-launcher.js';
import { type ToolApprovalsRepository, toToolApproval } from './tool-approvals.repository.js';

export interface ToolApprovalsOptions extends ResumeSources {
  repository: ToolApprovalsRepository;
  executions: ExecutionsRepository;
  launcher: RunLauncher;
  logger: Logger;
}

export interface Decision {
  readonly approved: boolean;
  readonly reason: string | null;
  /** Who decides, as the run log and the API name them. */
  readonly decidedBy: string;
}

export type DecideResult = { ok: true; approval: ToolApproval } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'conflict'; message: string };

/** The most pending calls one list answers. */
const LIST_LIMIT = 200;

/**
 * Tool calls that wait for their owner (`tool_approvals`, docs/API.md "Tool approvals"):
 * stored when a run ends `waiting` (`HeldRuns` calls `store`, then writes the status),
 * listed, and decided once each; when an execution's last pending call is decided the run
 * goes on (`planResume`), in this process (scale-out: on the worker that claims its job) or, after a restart, in whichever process got
 * the decision. A decision that lands while the run is still being stored is picked up by
 * `stored`, which looks again once the `waiting` status is written.
 */
export class ToolApprovals implements WaitingRuns {
  constructor(private readonly options: ToolApprovalsOptions) {}

  async store(run: ActiveRun): Promise<void> {
    const at = this.options.clock.now().toISOString();
    const rows = run.holds.flatMap((held) => {
      const state = JSON.stringify(run.recorder.mask(held.state));
      return held.calls.map((call) => ({
        id: newId(),
        execution_id: run.id,
        workflow_id: run.summary.workflowId,
        user_id: run.userId,
        node_id: held.nodeId,
        tool_node_id: call.toolNodeId,
        tool_name: call.toolName,
        call_id: call.callId,
        arguments: JSON.stringify(run.recorder.mask(call.arguments)),
        state,
        session_id: run.sessionId ?? null,
        status: 'pending',
        created_at: at,
      }));
    });
    await this.options.repository.insert(rows);
    // Stored once: a closing write tried again (its status update failed) must not hold the calls twice.
    run.holds.length = 0;
  }

  stored(executionId: string): void {
    this.resumeIfDecided(executionId).catch((error: unknown) => {
      this.options.logger.error({ err: error, executionId }, 'Could not resume a run whose tool calls were decided');
    });
  }

  /** The user's pending calls (of runs that wait), oldest first; `workflowIds` limits them (an API key's). */
  async pending(userId: string, workflowIds?: readonly string[]): Promise<ToolApproval[]> {
    return (await this.options.repository.pending(userId, LIST_LIMIT, workflowIds)).map(toToolApproval);
  }

  /** An execution's calls that needed approval (the caller has checked that the execution is the user's). */
  async ofExecution(executionId: string): Promise<ToolApproval[]> {
    return (await this.options.repository.ofExecution(executionId)).map(toToolApproval);
  }

  /**
   * Approves or rejects one pending call of the user's: `not_found` for another user's (or
   * one `mayAccess` refuses), `conflict` when it was decided already or its run no longer
   * waits. The last decision of a waiting run resumes it.
   */
  async decide(userId: string, id: string, decision: Decision, mayAccess: (workflowId: string) => boolean): Promise<DecideResult> {
    const { repository, clock } = this.options;
    const row = await repository.get(userId, id);
    if (!row || !mayAccess(row.workflow_id)) return { ok: false, reason: 'not_found' };
    if (row.status !== 'pending') return { ok: false, reason: 'conflict', message: decidedMessage(row) };
    const at = clock.now().toISOString();
    const status = decision.approved ? 'approved' : 'rejected';
    if (!(await repository.decide(id, { status, decidedBy: decision.decidedBy, reason: decision.reason, at }))) {
      const now = await repository.get(userId, id);
      return { ok: false, reason: 'conflict', message: now ? decidedMessage(now) : 'This tool call was decided already.' };
    }
    try {
      await this.resumeIfDecided(row.execution_id);
    } catch (error) {
      // The decision stands; the next start takes the run up (`resumeDecided`).
      this.options.logger.error({ err: error, executionId: row.execution_id }, 'Could not resume a run whose tool calls were decided');
    }
    const decided = await repository.get(userId, id);
    return decided ? { ok: true, approval: toToolApproval(decided) } : { ok: false, reason: 'not_found' };
  }

  /**
   * At start: takes up the waiting runs whose calls were all decided but that never went on
   * (the deciding process stopped first). Answers how many.
   */
  async resumeDecided(): Promise<number> {
    const ids = await this.options.repository.decidedWaiting();
    for (const id of ids) await this.resumeIfDecided(id);
    if (ids.length > 0) this.options.logger.info({ count: ids.length }, 'Waiting runs whose tool calls were decided went on');
    return ids.length;
  }

  /** Ends a waiting execution as cancelled and closes its pending calls; false when it no longer waits. */
  async cancelWaiting(row: SummaryRow): Promise<boolean> {
    const at = this.options.clock.now().toISOString();
    if (!(await this.options.repository.endWaiting(row.id, 'cancelled', 'Run cancelled', at))) return false;
    await this.options.repository.closePending(row.id, at, 'The run was cancelled before a decision.');
    return true;
  }

  /** Takes the run up again once none of its calls is pending and it still waits (one process wins: `markResumed`). */
  private async resumeIfDecided(executionId: string): Promise<void> {
    const { repository, executions, launcher, clock } = this.options;
    if ((await repository.countPending(executionId)) > 0) return;
    const row = await executions.getById(executionId);
    if (row?.status !== 'waiting') return;
    if (launcher.launchResume) {
      // Scale-out: the worker that claims it plans the resume (RunJob.resume).
      if (!(await repository.markResumed(executionId, 'queued', clock.now().toISOString()))) return;
      await launcher.launchResume(row);
      return;
    }
    const plan = await planResume(this.options, row, await repository.ofExecution(executionId));
    const at = clock.now().toISOString();
    if (!plan.ok) {
      await repository.endWaiting(executionId, 'error', plan.message, at);
      return;
    }
    const status = launcher.startsNow(row.user_id) ? 'running' : 'queued';
    if (!(await repository.markResumed(executionId, status, at))) return;
    await launcher.launch({ ...plan.request, summary: { ...plan.request.summary, status } });
  }
}

function decidedMessage(row: { status: string; decided_by: string | null; decided_at: string | null }): string {
  if (row.status === 'cancelled') return 'This tool call can no longer be decided: its run ended without it.';
  return `This tool call was already ${row.status}${row.decided_by ? ` by ${row.decided_by}` : ''}${row.decided_at ? ` at ${row.decided_at}` : ''}.`;
}
