import type { ActiveRun } from './active-run.js';
import type { ExecutionRow } from './executions.repository.js';
import type { HeldRuns } from './held-runs.js';
import type { ResumePlan } from './resume-run.js';

/** How a worker plans a waiting run taken up again: `planResume` with the row's approvals. */
export interface ResumePlanner {
  plan(row: ExecutionRow): Promise<ResumePlan>;
}

/**
 * What a scale-out worker (scale-out/run-worker.ts) does with the runs it claims: run them
 * in this process's `HeldRuns`, hand over a waiting caller's whole answer, abort one on an
 * API process's cancel. Built beside the run service (create-runs.ts), which keeps none of
 * these worker-only methods.
 */
export class RunWorkerSide {
  constructor(
    private readonly held: HeldRuns,
    /** Names this process in the rows it claims (`runner_id`). */
    readonly runnerId: string,
    private readonly resumes: ResumePlanner,
  ) {}

  /**
   * A claimed execution that waited for tool approval and was decided (`RunJob.resume`):
   * the same plan as embedded mode's resume (the version's document, nodes finished before
   * the wait seeded, the recorder restored with `run:resumed`, the decisions for each Agent).
   */
  planResume(row: ExecutionRow): Promise<ResumePlan> {
    return this.resumes.plan(row);
  }

  /**
   * Runs an execution that an API process stored and this process has claimed, or ends it
   * at once with `refusal` (why it cannot run). Resolves once its end is stored.
   */
  async runClaimed(run: ActiveRun, configErrors: ReadonlyMap<string, Error>, refusal?: string): Promise<void> {
    this.held.active.set(run.id, run);
    const reason = refusal ?? this.held.stopping;
    if (reason === undefined) return this.held.execute(run, configErrors);
    await this.held.endUnstarted(run, 'error', reason);
  }

  /** The whole answer a waiting API process gets through Redis (see HeldRuns). */
  takeWholeAnswer(run: ActiveRun): Record<string, unknown> | undefined {
    return this.held.takeWholeAnswer(run);
  }

  /** Aborts a run this process holds (an API process asked to cancel). False if it holds none. */
  abortHeld(executionId: string): boolean {
    const run = this.held.active.get(executionId);
    if (!run) return false;
    run.cancelRequested = true;
    run.controller.abort(new Error('Cancelled'));
    return true;
  }
}
