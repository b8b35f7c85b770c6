import { WorkflowDocumentError } from '@weft/core';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import type { Clock } from '../platform/clock.js';
import { ActiveRun } from '../runs/active-run.js';
import type { ExecutionSummary } from '../runs/execution-types.js';
import type { ExecutionsRepository } from '../runs/executions.repository.js';
import { toSummary } from '../runs/executions.repository.js';
import type { RunPlan } from '../runs/plan-run.js';
import { prepareRun, type RunPreparation } from '../runs/prepare-run.js';
import type { RunDependencies } from '../runs/run-dependencies.js';
import type { RunJob } from '../runs/run-job.js';
import { RunRecorder } from '../runs/run-recorder.js';
import type { RunWorkerSide } from '../runs/run-worker-side.js';
import { readRunDocument } from '../workflows/run-document-cache.js';
import { ClaimBatcher } from './claim-batcher.js';
import type { FairShareCounts } from './fair-share-counts.js';
import type { RedisRunEvents } from './redis-run-events.js';

export interface RunWorkerOptions {
  runs: RunWorkerSide;
  repository: ExecutionsRepository;
  dependencies: RunDependencies;
  events: RedisRunEvents;
  fairShare: FairShareCounts;
  clock: Clock;
  logger: Logger;
}

/** Tries at preparing a claimed run while the database drops connections, and the wait before the next (times the attempt). */
const PREPARE_ATTEMPTS = 4;
const PREPARE_RETRY_MS = 250;

/** The plan of a run refused before it started: the engine never sees it. */
const NO_PLAN: RunPlan = {
  nodes: [],
  edges: [],
  nodeType: () => undefined,
  isOptionalInput: () => false,
  templated: new Set(),
  settings: new Map(),
  seeded: {},
};

/**
 * `weft worker`'s handling of one job: claim the execution's row, prepare the run with
 * the user's node types and secrets (the same code as embedded mode), run it through the
 * worker side of the runs room (which records, masks, publishes over Redis and stores the end), then tell
 * waiting API processes that the end is stored.
 */
export class RunWorker {
  /** Executions being claimed or prepared, with whether a cancel came meanwhile. */
  private readonly starting = new Map<string, { cancelled: boolean }>();

  /** Claims of jobs taken at about the same time go to the database together. */
  private readonly claims: ClaimBatcher;

  constructor(private readonly options: RunWorkerOptions) {
    this.claims = new ClaimBatcher(options.repository, options.runs.runnerId, options.clock);
  }

  async process(job: RunJob): Promise<void> {
    const { runs } = this.options;
    const { executionId } = job;
    const starting = { cancelled: false };
    this.starting.set(executionId, starting);
    let claimed = false;
    let whole: Record<string, unknown> | undefined;
    // Taken off the queue: it no longer waits, whatever the claim says (not awaited).
    void this.options.fairShare.leave(job.userId);
    try {
      const row = await this.claims.claim(executionId);
      // Cancelled while queued, ended as lost, or taken by another worker: not ours to run.
      if (!row) return;
      claimed = true;
      const summary = toSummary(row);
      const storedInputs = JSON.parse(row.inputs) as Record<string, unknown>;
      if (job.resume) {
        await this.resume(job, starting, summary, storedInputs);
        return;
      }
      const prepared = await this.prepare(job, row.workflow_id);
      if (!prepared.ok) {
        const refused = new ActiveRun(job.userId, summary, job.inputs, storedInputs, NO_PLAN, {}, new RunRecorder(null));
        this.starting.delete(executionId);
        await runs.runClaimed(refused, new Map(), prepared.message);
        return;
      }
      const run = new ActiveRun(job.userId, summary, job.inputs, storedInputs, prepared.plan, prepared.params, prepared.recorder);
      run.answerWanted = job.answerWanted === true;
      run.sessionId = job.sessionId;
      // From here on the held runs have it and a cancel reaches it there.
      this.starting.delete(executionId);
      if (starting.cancelled) {
        run.cancelRequested = true;
        run.controller.abort(new Error('Cancelled'));
      }
      await runs.runClaimed(run, prepared.configErrors);
      // Kept with the stored notice, so the API process that waits finds the answer with it.
      whole = runs.takeWholeAnswer(run);
    } finally {
      this.starting.delete(executionId);
      if (claimed) await this.options.events.notifyStored(executionId, whole, job.replyTo);
    }
  }

  /**
   * A waiting run whose tool calls were decided, claimed: planned from its whole row and its
   * approvals (`planResume`), its Redis list written anew with the stored events and
   * `run:resumed`, then run as any other.
   */
  private async resume(job: RunJob, starting: { cancelled: boolean }, summary: ExecutionSummary, storedInputs: Record<string, unknown>): Promise<void> {
    const { runs, repository, events } = this.options;
    const row = await repository.getById(job.executionId);
    const plan = row ? await runs.planResume(row) : { ok: false as const, message: 'The execution is gone.' };
    if (!plan.ok) {
      this.starting.delete(job.executionId);
      const refused = new ActiveRun(job.userId, summary, job.inputs, storedInputs, NO_PLAN, {}, new RunRecorder(null));
      await runs.runClaimed(refused, new Map(), plan.message);
      return;
    }
    const request = plan.request;
    const run = new ActiveRun(job.userId, summary, request.runInputs, request.storedInputs, request.plan, request.params, request.recorder);
    run.resume = request.resume;
    run.sessionId = request.sessionId;
    await events.restart(job.executionId, request.recorder.events);
    // From here on the held runs have it and a cancel reaches it there.
    this.starting.delete(job.executionId);
    if (starting.cancelled) {
      run.cancelRequested = true;
      run.controller.abort(new Error('Cancelled'));
    }
    await runs.runClaimed(run, request.configErrors);
  }

  /** An API process asked to cancel: abort the run if this worker holds it (or is starting it). */
  cancel(executionId: string): void {
    if (this.options.runs.abortHeld(executionId)) return;
    const starting = this.starting.get(executionId);
    if (starting) starting.cancelled = true;
  }

  private async prepare(job: RunJob, workflowId: string): Promise<RunPreparation> {
    try {
      return await this.prepareOverDrops(job, workflowId);
    } catch (error) {
      // A document this worker cannot read (written by a newer Weft) is the user's to know about.
      if (error instanceof WorkflowDocumentError) return { ok: false, message: error.message };
      // The row is claimed: it must end, saying why, rather than wait for the orphan sweep.
      this.options.logger.error({ err: error, executionId: job.executionId }, 'Could not prepare a run');
      return { ok: false, message: 'The run could not be prepared on the worker (see the worker log). Try again.' };
    }
  }

  /**
   * The run is claimed, so a dropped database connection (a restart, a terminated backend)
   * must not fail it when the next query would work: it is prepared again on a fresh
   * connection, a few times, before it counts as a failure.
   */
  private async prepareOverDrops(job: RunJob, workflowId: string): Promise<RunPreparation> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Parsed once per text of the workflow, as embedded runs read it (issue 24: the
        // schema check of the same document was a few percent of the worker's CPU per run).
        return await prepareRun(this.options.dependencies, job.userId, readRunDocument(workflowId, job.document), job.seeded);
      } catch (error) {
        if (attempt >= PREPARE_ATTEMPTS || !isDatabaseUnavailable(error)) throw error;
        this.options.logger.warn({ err: error, executionId: job.executionId, attempt }, 'The database dropped while preparing a run; trying again');
        await new Promise((resolve) => setTimeout(resolve, PREPARE_RETRY_MS * attempt));
      }
    }
  }
}
