import type { RunTarget, RunTrigger, WorkflowDocument } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ExecutionsRepository } from './executions.repository.js';
import type { RunJob } from './run-job.js';
import { scopeRun } from './scope-run.js';

/** Where a rebuilt job takes the run inputs from (`executions.rebuild_inputs`, migration 0016). */
export type RebuildInputs = 'stored' | 'schedule';

/**
 * How a new execution's job could be rebuilt from the database, stored with its row:
 * `stored` when the row's inputs are the run inputs exactly (nothing masked or cut: the
 * same JSON), else `schedule` for a scheduled run (its schedule keeps the inputs every tick
 * runs with), else null. "Run this node" runs are never rebuilt: the earlier outputs they
 * reuse and the part of the workflow they call are not kept with the row; nor are runs
 * with a session id (Agent memory), which the row does not keep either.
 */
export function rebuildInputsOf(
  request: { target?: RunTarget | undefined; schedule?: unknown; sessionId?: string | undefined },
  runInputs: Readonly<Record<string, unknown>>,
  storedInputs: Readonly<Record<string, unknown>>,
  storedText: string,
): RebuildInputs | null {
  // A session is not stored with the row: rebuilt without it, an Agent would forget the conversation.
  if (request.target || request.sessionId) return null;
  // The same object back means nothing was masked or cut; else compare the JSON a job would carry.
  if (storedInputs === runInputs || storedText === JSON.stringify(runInputs)) return 'stored';
  return request.schedule ? 'schedule' : null;
}

/** What a rebuild reads from the rooms that own workflows and schedules (wired in composition.ts). */
export interface RunJobSources {
  /** The document a kept version of the workflow had (every version a stored run ran is kept). */
  versionDocument(userId: string, workflowId: string, version: number): Promise<WorkflowDocument | undefined>;
  /** A schedule's stored run inputs; undefined when the schedule is gone. */
  scheduleInputs(userId: string, scheduleId: string): Promise<Readonly<Record<string, unknown>> | undefined>;
}

/**
 * Rebuilds the BullMQ job of a queued execution from the database (scale-out's requeue,
 * `../scale-out/orphan-sweep.ts`): the document of the version its row names, the run
 * inputs its `rebuild_inputs` points at, and a manual run's pins (they are part of that
 * version's document, so `scopeRun` finds the same ones). Not rebuilt: whether a caller
 * waited for the whole answer (a requeued run's waiting caller may be gone; one still
 * waiting gets the stored row, values over 64 KB as previews). A queued row with held tool
 * calls is a decided waiting run: rebuilt as a resume job (`RunJob.resume`).
 */
export class RunJobRebuilder {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: Pick<ExecutionsRepository, 'getById'>,
    private readonly sources: RunJobSources,
  ) {}

  /** The job, or undefined when the row is no longer queued or cannot be rebuilt. */
  async rebuild(executionId: string): Promise<RunJob | undefined> {
    const row = await this.repository.getById(executionId);
    if (row?.status !== 'queued') return undefined;
    // A queued row with tool calls held was waiting and was decided: its job is a resume,
    // which the worker plans from the row and its approvals alone.
    const held = await this.db.selectFrom('tool_approvals').select('id').where('execution_id', '=', row.id).limit(1).executeTakeFirst();
    if (held) return { executionId: row.id, userId: row.user_id, document: '', inputs: JSON.parse(row.inputs) as Record<string, unknown>, resume: true };
    if (row.rebuild_inputs !== 'stored' && row.rebuild_inputs !== 'schedule') return undefined;
    const inputs = await this.inputsOf(row);
    if (!inputs) return undefined;
    const document = await this.sources.versionDocument(row.user_id, row.workflow_id, row.workflow_version);
    if (!document) return undefined;
    const scoped = await scopeRun(this.db, document, { userId: row.user_id, workflowId: row.workflow_id, trigger: row.trigger as RunTrigger });
    if (!scoped.ok) return undefined;
    return {
      executionId: row.id,
      userId: row.user_id,
      document: JSON.stringify(scoped.document),
      inputs: { ...inputs },
      ...(Object.keys(scoped.seeded).length > 0 ? { seeded: scoped.seeded } : {}),
    };
  }

  private async inputsOf(row: { user_id: string; inputs: string; schedule_id: string | null; rebuild_inputs: string | null }) {
    if (row.rebuild_inputs === 'stored') return JSON.parse(row.inputs) as Record<string, unknown>;
    return row.schedule_id ? this.sources.scheduleInputs(row.user_id, row.schedule_id) : undefined;
  }
}
