import { newId } from '../platform/tokens.js';
import { EmbeddedRunLauncher } from './embedded-run-launcher.js';
import { HeldRuns } from './held-runs.js';
import { planResume, type ResumeSources } from './resume-run.js';
import { RunService, type RunServiceOptions } from './run.service.js';
import { InProcessRunEventHub, type RunEventHub } from './run-event-hub.js';
import type { RunLauncher } from './run-launcher.js';
import { RunQueue } from './run-queue.js';
import { RunWorkerSide } from './run-worker-side.js';
import { ToolApprovals } from './tool-approvals.js';
import { ToolApprovalsRepository } from './tool-approvals.repository.js';
import { STORE_UNFINISHED_AFTER_MS } from './unstored-row.js';

export interface CreateRunsOptions extends Omit<RunServiceOptions, 'hub' | 'held' | 'launcher' | 'runnerId' | 'approvals'> {
  /** How many runs go at once in this process (WEFT_RUN_CONCURRENCY); the rest wait as `queued`. */
  concurrency: number;
  /** How many of them one user's may be (WEFT_RUN_CONCURRENCY_PER_USER); waiting runs are served round-robin by user. */
  concurrencyPerUser?: number;
  /** How long a run whose caller waits may go before its row is written on its own; 0: at its start (unstored-row.ts). */
  storeAfterMs?: number;
  /** Largest output a synchronous answer carries whole (WEFT_SYNC_ANSWER_MAX_MB); past it, the stored form. */
  answerMaxBytes?: number;
  /** Told the schedules whose runs a crash ended, at start (embedded mode; scale-out's sweep tells its own). */
  onOrphaned?: (scheduleIds: readonly string[]) => Promise<unknown>;
  /** The document of a kept workflow version: what a waiting run resumes with (tool-approvals.ts). */
  versionDocument: ResumeSources['versionDocument'];
  /** Scale-out mode (scale-out/scale-out.ts): its event hub and launcher. Absent: embedded mode. */
  scaleOut?: { hub: RunEventHub; launcher: RunLauncher } | undefined;
}

/** The runs room of one process: the run service, and what a scale-out worker gets to run what it claims. */
export interface Runs {
  service: RunService;
  worker: RunWorkerSide;
}

/**
 * Builds the run service with the run mode's parts: the one place that picks the mode
 * (embedded queue, or scale-out's BullMQ launcher), so the service itself never does.
 */
export function createRuns(options: CreateRunsOptions): Runs {
  const runnerId = newId();
  const { scaleOut, repository, clock, logger } = options;
  const hub = scaleOut?.hub ?? new InProcessRunEventHub();
  const held = new HeldRuns({
    repository,
    hub,
    clock,
    logger,
    dependencies: options.dependencies,
    metrics: options.metrics,
    answerMaxBytes: options.answerMaxBytes,
    // Scale-out: the closing write lands only while the row is still this runner's.
    finishingRunner: scaleOut ? runnerId : undefined,
    onEnded: options.onEnded,
  });
  const launcher = scaleOut?.launcher ?? embeddedLauncher(options, held, hub, runnerId);
  // Both modes hold runs for approval; a scale-out worker plans a resume it claims (RunWorkerSide.planResume).
  const { dependencies, versionDocument } = options;
  const approvalRows = new ToolApprovalsRepository(options.db);
  const approvals = new ToolApprovals({
    repository: approvalRows,
    executions: repository,
    launcher,
    logger,
    clock,
    dependencies,
    versionDocument,
  });
  held.waiting = approvals;
  const service = new RunService({ ...options, hub, held, launcher, runnerId, approvals });
  return {
    service,
    worker: new RunWorkerSide(held, runnerId, {
      plan: (row) => approvalRows.ofExecution(row.id).then((all) => planResume({ dependencies, clock, versionDocument }, row, all)),
    }),
  };
}

function embeddedLauncher(options: CreateRunsOptions, held: HeldRuns, hub: RunEventHub, runnerId: string): EmbeddedRunLauncher {
  const concurrency = Math.max(1, options.concurrency);
  const queue = new RunQueue(concurrency, Math.max(1, Math.min(concurrency, options.concurrencyPerUser ?? concurrency)));
  const { repository, clock, logger, onOrphaned, storeAfterMs } = options;
  return new EmbeddedRunLauncher({
    held,
    queue,
    runnerId,
    repository,
    hub,
    clock,
    logger,
    onOrphaned,
    storeAfterMs: storeAfterMs ?? STORE_UNFINISHED_AFTER_MS,
  });
}
