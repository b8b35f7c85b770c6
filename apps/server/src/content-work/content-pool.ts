import { setImmediate as nextTurn } from 'node:timers/promises';
import { FairQueue } from '../platform/fair-queue.js';
import { batchesOf } from './content-batches.js';
import { closedError, crashedError, fromWire, memoryError, startError, timeError } from './content-errors.js';
import { type ContentLimits, DEFAULT_CONTENT_LIMITS } from './content-limits.js';
import type { ContentPoolOptions, ContentRunOptions } from './content-pool-options.js';
import type { ContentTask, ContentTaskResults, FromWorker } from './content-protocol.js';
import { WorkerProcess } from './worker-process.js';

type StopReason = 'memory' | 'time' | 'cancel' | 'close' | 'idle' | 'retire';

interface Job {
  readonly id: number;
  readonly owner: string;
  readonly task: ContentTask;
  readonly options: ContentRunOptions<never>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  settled: boolean;
  worker?: Worker;
  onAbort?: () => void;
}

interface Worker {
  readonly process: WorkerProcess;
  job?: Job;
  /** The key of the parse whose texts this worker keeps (content-tasks.ts), mirrored from its answers. */
  held?: number;
  stopped?: StopReason;
  deadline?: NodeJS.Timeout;
  watch?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

/** How often a busy worker's resident memory is read from /proc. */
const RSS_POLL_MS = 50;
/** A worker that ends a task holding more than this share of its memory is replaced: V8 seldom gives memory back. */
const RETIRE_SHARE = 0.5;

/**
 * Heavy work on user content (parsing documents, splitting, cleaning HTML mail, large
 * JSON) in a small pool of child processes, so no file can stall the server's event loop
 * or take its memory. A process, not a worker thread: its memory can be read and capped
 * whole (ArrayBuffers included, which PDF.js inflates into) and it can be killed while
 * stuck in native code. Per task it is held to a V8 heap limit (--max-old-space-size), an
 * RSS watchdog and a wall-time limit; over any, or on cancel, it is killed, its task fails
 * naming the subject and the limit, and a new worker is started when next needed.
 *
 * Workers start on first use (start-up and idle memory stay as they were), get an empty
 * environment (no secrets), stay for reuse and exit after `idleMs` idle, and do not hold
 * the process open while idle. Waiting tasks are served round-robin between owners, one
 * owner holding at most `workersPerOwner` workers (platform/fair-queue.ts).
 */
export class ContentPool {
  readonly size: number;
  readonly memoryMb: number;
  readonly timeoutMs: number;
  readonly limits: ContentLimits;
  private readonly idleMs: number;
  private readonly workers: Worker[] = [];
  private readonly queue: FairQueue<Job>;
  private readonly exits = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ContentPoolOptions = {}) {
    this.size = Math.max(1, options.workers ?? 2);
    this.memoryMb = Math.max(64, options.memoryMb ?? 512);
    this.timeoutMs = Math.max(1, options.timeoutMs ?? 120_000);
    this.limits = { ...DEFAULT_CONTENT_LIMITS, ...options.limits };
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.queue = new FairQueue(Math.max(1, Math.min(this.size, options.workersPerOwner ?? this.size)));
  }

  /** Runs one task; resolves with its result once every batch has been handed to `onBatch`. */
  run<K extends ContentTask['kind']>(
    task: Extract<ContentTask, { kind: K }>,
    options: ContentRunOptions<ContentTaskResults[K]['item']>,
  ): Promise<ContentTaskResults[K]['result']> {
    if (this.closed) return Promise.reject(closedError(options));
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        owner: options.owner ?? '',
        task,
        options: options as ContentRunOptions<never>,
        resolve: resolve as (value: unknown) => void,
        reject,
        settled: false,
      };
      if (options.signal) {
        job.onAbort = () => this.cancel(job);
        options.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Kills every worker (a running task fails as shut down) and waits until they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.drain()) this.settle(job, closedError(job.options));
    for (const worker of [...this.workers]) this.stop(worker, 'close');
    await Promise.all(this.exits);
  }

  /** The workers' process ids, whether each has a task and keeps a parse's texts, for tests and diagnostics. */
  describeWorkers(): { pid: number | undefined; busy: boolean; holding: boolean }[] {
    return this.workers.map((worker) => ({ pid: worker.process.pid, busy: worker.job !== undefined, holding: worker.held !== undefined }));
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      const idle = this.workers.filter((worker) => worker.process.ready && !worker.job);
      if (idle.length === 0) {
        const starting = this.workers.filter((worker) => !worker.process.ready).length;
        if (starting < this.queue.length && this.workers.length < this.size) this.spawn();
        break;
      }
      const next = this.queue.take(this.workers.flatMap((worker) => (worker.job ? [worker.job] : [])));
      // Every waiting task's owner holds its share: the idle worker stays for someone else.
      if (!next) break;
      // The worker that kept what the task names, if it is free; otherwise any, sent the input.
      const key = next.options.reuse?.key;
      this.start(idle.find((worker) => key !== undefined && worker.held === key) ?? (idle[0] as Worker), next);
    }
    this.updateRefs();
  }

  private spawn(): void {
    let worker: Worker;
    try {
      worker = {
        process: new WorkerProcess(this.memoryMb, {
          message: (message) => this.onMessage(worker, message),
          exit: (code, signal, spawnError) => this.onExit(worker, code, signal, spawnError),
        }),
      };
    } catch (error) {
      this.failQueued(startError(error instanceof Error ? error.message : String(error)));
      return;
    }
    this.workers.push(worker);
    const exited = worker.process.exited;
    this.exits.add(exited);
    void exited.then(() => this.exits.delete(exited));
  }

  private start(worker: Worker, job: Job): void {
    worker.job = job;
    job.worker = worker;
    if (worker.idle) clearTimeout(worker.idle);
    const { reuse, keep } = job.options;
    if (reuse && worker.held === reuse.key) {
      worker.process.send({ type: 'task', id: job.id, task: reuse.task, limits: this.limits, inputBatches: 0 });
    } else {
      // A task that keeps its result drops what the worker kept before (content-tasks.ts does the same).
      if (keep !== undefined) worker.held = undefined;
      const input = typeof job.options.input === 'function' ? job.options.input() : (job.options.input ?? []);
      const batches = [...batchesOf(input)];
      worker.process.send({ type: 'task', id: job.id, task: job.task, limits: this.limits, inputBatches: batches.length });
      void this.sendInput(worker, job, batches);
    }
    worker.deadline = setTimeout(() => this.stop(worker, 'time'), this.timeoutMs);
    worker.watch = setInterval(() => void this.watchMemory(worker, job), RSS_POLL_MS);
  }

  /** One batch per event-loop turn: each `send` serialises its message on this thread. */
  private async sendInput(worker: Worker, job: Job, batches: readonly unknown[][]): Promise<void> {
    for (const items of batches) {
      await nextTurn();
      if (worker.job !== job || job.settled) return;
      worker.process.send({ type: 'input', id: job.id, items });
    }
  }

  private async watchMemory(worker: Worker, job: Job): Promise<void> {
    const rss = await worker.process.sampleMemory();
    if (rss !== undefined && rss > this.memoryMb && worker.job === job && !job.settled) this.stop(worker, 'memory');
  }

  private onMessage(worker: Worker, message: FromWorker): void {
    if (message.type === 'ready') {
      worker.process.ready = true;
      this.pump();
      return;
    }
    const job = worker.job;
    if (!job || job.id !== message.id || job.settled) return;
    if (message.type === 'batch') {
      try {
        job.options.onBatch?.(message.items as never[]);
      } catch (error) {
        this.settle(job, error);
        this.stop(worker, 'retire');
      }
      return;
    }
    if (message.type === 'done') {
      if (job.options.keep !== undefined && (message.result as { kept?: unknown } | undefined)?.kept === true) worker.held = job.options.keep;
      this.settle(job, undefined, { value: message.result });
    } else this.settle(job, fromWire(message.error));
    this.release(worker);
  }

  /** The worker finished its task: kept for the next, or replaced when it kept much of its memory. */
  private release(worker: Worker): void {
    this.clearTask(worker);
    worker.job = undefined;
    if (worker.process.rssMb > this.memoryMb * RETIRE_SHARE) {
      this.stop(worker, 'retire');
      return;
    }
    worker.idle = setTimeout(() => this.stop(worker, 'idle'), this.idleMs);
    worker.idle.unref();
    this.pump();
  }

  /** Kills a worker at once and fails its task with the reason; a later task starts another. */
  private stop(worker: Worker, reason: StopReason): void {
    worker.stopped ??= reason;
    const job = worker.job;
    this.forget(worker);
    // Held until it has exited: a shutdown awaiting close() must not see its event loop drain first.
    worker.process.hold(true);
    worker.process.kill();
    if (job && !job.settled) {
      if (reason === 'memory' || reason === 'time') this.options.onWorkerStopped?.({ reason, subject: job.options.subject, pid: worker.process.pid });
      this.settle(job, this.stopError(job, reason));
    }
    this.pump();
  }

  private stopError(job: Job, reason: StopReason): unknown {
    if (reason === 'memory') return memoryError(job.options, this.memoryMb);
    if (reason === 'time') return timeError(job.options, this.timeoutMs);
    if (reason === 'cancel') return job.options.signal?.reason;
    return closedError(job.options);
  }

  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null, spawnError?: Error): void {
    const known = this.workers.includes(worker);
    this.forget(worker);
    const job = worker.job;
    const detail = spawnError?.message ?? (signal ? `signal ${signal}` : `exit code ${code}`);
    if (job && !job.settled) {
      const outOfMemory = worker.process.ranOutOfHeap;
      this.options.onWorkerStopped?.({ reason: outOfMemory ? 'memory' : detail, subject: job.options.subject, pid: worker.process.pid });
      this.settle(job, outOfMemory ? memoryError(job.options, this.memoryMb) : crashedError(job.options, detail));
    }
    if (known && !worker.process.ready && !worker.stopped) {
      // It never started: another would fail the same way, so the waiting tasks fail now, saying why.
      this.failQueued(startError(worker.process.lastWords || detail));
      return;
    }
    this.pump();
  }

  /** Takes a worker out of the pool (it is dying or dead). */
  private forget(worker: Worker): void {
    const index = this.workers.indexOf(worker);
    if (index >= 0) this.workers.splice(index, 1);
    this.clearTask(worker);
    if (worker.idle) clearTimeout(worker.idle);
    worker.process.hold(false);
    this.updateRefs();
  }

  private clearTask(worker: Worker): void {
    clearTimeout(worker.deadline);
    clearInterval(worker.watch);
    worker.deadline = undefined;
    worker.watch = undefined;
  }

  private cancel(job: Job): void {
    if (this.queue.remove(job)) {
      this.settle(job, job.options.signal?.reason);
      return;
    }
    // Killing the process is the only way to stop a parse that is running right now.
    if (job.worker?.job === job) this.stop(job.worker, 'cancel');
  }

  private failQueued(error: Error): void {
    for (const job of this.queue.drain()) this.settle(job, error);
  }

  private settle(job: Job, error: unknown, outcome?: { value: unknown }): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.options.signal?.removeEventListener('abort', job.onAbort);
    if (outcome) job.resolve(outcome.value);
    else job.reject(error);
  }

  /** Idle workers must not keep the process alive; busy ones, and ones starting for a waiting task, must. */
  private updateRefs(): void {
    const waiting = this.queue.length > 0;
    for (const worker of this.workers) worker.process.hold(worker.job !== undefined || (waiting && !worker.process.ready));
  }
}
