import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import type { ExecutionsTable } from '../db/schema.js';
import type { ExecutionSummary } from './execution-types.js';
import type { ExecutionsRepository, FinishColumns } from './executions.repository.js';

/** How long a run answered in its request may go before its row is written on its own (it then shows as running). */
export const STORE_UNFINISHED_AFTER_MS = 500;

/**
 * The row of a run whose caller waits for its answer (a webhook answering with the output,
 * `?wait=true`), not yet written. Most such runs end within milliseconds: their row is
 * then written once, with the end, in one INSERT (`endTogether`), instead of an INSERT at
 * the start and an UPDATE at the end (bench:peers, issue 24). A run still going after
 * STORE_UNFINISHED_AFTER_MS, or about to wait for an approval, gets its row on its own
 * (`store`), and its end is the usual UPDATE.
 *
 * What a crash leaves: a run whose row was not yet written leaves nothing, and its caller,
 * still waiting, gets no answer (its connection drops); an answer is only ever sent after
 * the write that holds the run's end has committed. A row written on its own is a running
 * row, which the next start marks failed, as before. Embedded mode only: in scale-out the
 * row is how a worker finds the run.
 */
export class UnstoredRow {
  private timer: NodeJS.Timeout | undefined;
  private inserting: Promise<void> | undefined;
  /** Set once a write of the row has committed: lists read it from the table from then on. */
  written = false;

  constructor(
    private readonly repository: ExecutionsRepository,
    private readonly row: Insertable<ExecutionsTable>,
    /** The run's live summary: the row is written with its status and start as they are then. */
    private readonly summary: ExecutionSummary,
    logger: Logger,
    afterMs = STORE_UNFINISHED_AFTER_MS,
  ) {
    this.timer = setTimeout(() => {
      this.store().catch((error: unknown) => logger.error({ err: error, executionId: summary.id }, 'Could not store a running execution; its end will be'));
    }, afterMs);
    this.timer.unref();
  }

  /** Writes the row as the run stands now (queued or running), once; later calls wait for that write. A failed write is tried again by the next call. */
  store(): Promise<void> {
    this.stopTimer();
    this.inserting ??= this.repository.insert({ ...this.row, status: this.summary.status, started_at: this.summary.startedAt }).then(
      () => {
        this.written = true;
      },
      (error: unknown) => {
        this.inserting = undefined;
        throw error;
      },
    );
    return this.inserting;
  }

  /**
   * Writes the run's end with its row in one INSERT if the row was never written, and says
   * so (true); otherwise waits for the row's own write and answers false: the end is then
   * an UPDATE, the caller's.
   */
  async endTogether(columns: FinishColumns): Promise<boolean> {
    this.stopTimer();
    if (this.inserting) {
      await this.inserting;
      return false;
    }
    await this.repository.insertFinished(this.row, columns, () => {
      // In: a retry after a failed last-run write must update the row, not insert it again.
      this.inserting = Promise.resolve();
      this.written = true;
    });
    return true;
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
