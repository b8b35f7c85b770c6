import type { TaskLabel } from './content-errors.js';
import type { ContentLimits } from './content-limits.js';
import type { ContentTask } from './content-protocol.js';

export interface ContentPoolOptions {
  /** Worker processes, each doing one task at a time. Default 2. */
  readonly workers?: number;
  /** How many of them one owner's tasks may hold at once. Default: all; below that, one is always left for everyone else. */
  readonly workersPerOwner?: number;
  /** Memory one worker may use (its V8 heap limit and the RSS watchdog's). Default 512. */
  readonly memoryMb?: number;
  /** Wall time one task may take. Default 120 s. */
  readonly timeoutMs?: number;
  readonly limits?: Partial<ContentLimits>;
  /** An idle worker exits after this long; the next task starts another. Default 5 minutes. */
  readonly idleMs?: number;
  /** Told when a worker is stopped at a limit or dies (operators want to know). */
  readonly onWorkerStopped?: (event: { reason: string; subject: string; pid: number | undefined }) => void;
}

export interface ContentRunOptions<Item> extends TaskLabel {
  /** Whose task this is (a user id): waiting tasks are served round-robin between owners. */
  readonly owner?: string;
  /** Cancels the task; a running one is stopped by killing its worker. */
  readonly signal?: AbortSignal;
  /** The task's input list, sent in batches after the task (the documents to split); a function is called only if it is sent. */
  readonly input?: readonly unknown[] | (() => readonly unknown[]);
  /**
   * The task's result may stay in the worker under this key (a parse's texts): the pool
   * remembers which worker holds it when the task ends reporting `kept`.
   */
  readonly keep?: number;
  /** The same work as a task naming what a worker kept under `key`: sent, without input, to the worker holding it. */
  readonly reuse?: { readonly key: number; readonly task: ContentTask };
  /** Each batch of the task's results, in order, as it arrives. */
  onBatch?(items: readonly Item[]): void;
}
