import { ActiveRun } from './active-run.js';
import type { ExecutionSummary } from './execution-types.js';
import type { HeldRuns } from './held-runs.js';
import type { LaunchRequest, RunLauncher } from './run-launcher.js';
import type { RunQueue } from './run-queue.js';
import { StoredRuns, type StoredRunsOptions } from './stored-runs.js';
import { UnstoredRow } from './unstored-row.js';

export interface EmbeddedRunLauncherOptions extends StoredRunsOptions {
  /** What runs in this process, and its closing write. */
  held: HeldRuns;
  /** WEFT_RUN_CONCURRENCY slots, fair between users and between one user's workflows. */
  queue: RunQueue;
  /** This process: it runs every row it inserts. */
  runnerId: string;
  /** How long a run whose caller waits may go before its row is written on its own; 0: every row at its start (unstored-row.ts). */
  storeAfterMs: number;
}

/**
 * Embedded mode's launcher: runs go into this process's queue and run here; a run not held
 * here has ended or was left by a stopped server (`StoredRuns`). No Redis and no extra I/O
 * on the hot path.
 */
export class EmbeddedRunLauncher extends StoredRuns implements RunLauncher {
  readonly newRowRunner: string;
  readonly storesRowsLater: boolean;

  constructor(private readonly options: EmbeddedRunLauncherOptions) {
    super(options);
    this.newRowRunner = options.runnerId;
    this.storesRowsLater = options.storeAfterMs > 0;
  }

  startsNow(userId: string): boolean {
    return this.options.queue.hasRoomFor(userId);
  }

  async launch(request: LaunchRequest): Promise<ExecutionSummary> {
    const { held, queue } = this.options;
    const { summary, userId } = request;
    const run = new ActiveRun(
      userId,
      // A resumed run keeps its first start (its duration is the whole run's).
      { ...summary, status: 'queued', startedAt: request.resume ? summary.startedAt : null },
      request.runInputs,
      request.storedInputs,
      request.plan,
      request.params,
      request.recorder,
    );
    run.answerWanted = request.answerWanted;
    run.sessionId = request.sessionId;
    run.resume = request.resume;
    if (request.unstoredRow)
      run.unstored = new UnstoredRow(this.stored.repository, request.unstoredRow, run.summary, this.stored.logger, this.options.storeAfterMs);
    const task = () => held.execute(run, request.configErrors);
    run.task = task;
    held.active.set(run.id, run);
    if (held.stopping) {
      // The server began to stop while this start was being stored: end it as close() would.
      await held.endUnstarted(run, 'error', held.stopping);
      return { ...run.summary };
    }
    // Fair between users, and between one user's workflows (a webhook flood on one).
    queue.push(task, userId, summary.workflowId);
    return summary;
  }

  withdraw(run: ActiveRun): boolean {
    return run.task !== undefined && this.options.queue.remove(run.task);
  }

  queueSize(): { running: number; waiting: number } {
    return this.options.queue.size;
  }
}
