import { formatLimit } from '../node-settings.js';
import type { LogLevel, NodeStep } from './events.js';
import { type ExecuteOptions, type ExecutionNode, isNodeWaiting, type NodePolicy, type NodeRunContext } from './types.js';

export type AttemptsResult =
  | { ok: true; outputs: Readonly<Record<string, unknown>> }
  | { ok: false; error: string }
  /** The node waits for a person (`NodeWaiting`). */
  | { ok: 'waiting'; reason: string };

/** Lets the run abort whatever attempt is in flight (cancellation). */
export interface AttemptHandle {
  abort(reason: Error): void;
}

/** What every node of one run shares; built once per run, not per node. */
export interface AttemptShared<S> extends Pick<ExecuteOptions<S>, 'runId' | 'executorFor' | 'services' | 'now' | 'schedule' | 'onEvent'> {
  /** Set when the run is cancelled; checked between attempts. */
  isCancelled(): boolean;
  /** Registers (or, with undefined, clears) a node's in-flight attempt so cancellation can reach it. */
  track(nodeId: string, handle: AttemptHandle | undefined): void;
}

/** Runs one node: every attempt under its timeout, retries with exponential backoff. */
export async function runAttempts<S>(
  node: ExecutionNode,
  inputs: Readonly<Record<string, unknown>>,
  runInput: unknown,
  policy: NodePolicy,
  shared: AttemptShared<S>,
): Promise<AttemptsResult> {
  const { runId, now } = shared;
  const executor = shared.executorFor(node.type);
  if (!executor) return { ok: false, error: `No implementation for node type "${node.type}"` };
  for (let attempt = 1; ; attempt++) {
    if (shared.isCancelled()) return { ok: false, error: 'Cancelled' };
    const maxAttempts = policy.retries + 1;
    shared.onEvent({ type: 'node:started', runId, at: now(), nodeId: node.id, attempt, ...(maxAttempts > 1 ? { maxAttempts } : {}), inputs });
    const abort = new LazyAbort();
    shared.track(node.id, abort);
    const ctx = new AttemptContext(shared, node.id, attempt, abort, runInput);
    try {
      const result = await attemptWithTimeout(
        () => executor.run({ inputs, config: node.config, ctx, tools: node.tools ?? NO_TOOLS }),
        policy.timeoutMs,
        abort,
        shared.schedule,
      );
      return { ok: true, outputs: result.outputs ?? {} };
    } catch (error) {
      if (shared.isCancelled()) return { ok: false, error: 'Cancelled' };
      if (isNodeWaiting(error)) return { ok: 'waiting', reason: error.message };
      const message = errorMessage(error);
      if (attempt > policy.retries) return { ok: false, error: message };
      const delayMs = policy.backoffMs * (policy.backoffFactor ?? 2) ** (attempt - 1);
      shared.onEvent({ type: 'node:retrying', runId, at: now(), nodeId: node.id, attempt, error: message, delayMs });
      const waited = await backoff(delayMs, node.id, shared);
      if (!waited) return { ok: false, error: 'Cancelled' };
    } finally {
      shared.track(node.id, undefined);
    }
  }
}

const NO_TOOLS: readonly ExecutionNode[] = [];

/** The context a node sees; a class so its methods live on the prototype, not per call. */
class AttemptContext<S> implements NodeRunContext<S> {
  readonly runId: string;
  readonly services: S;

  constructor(
    private readonly shared: AttemptShared<S>,
    readonly nodeId: string,
    readonly attempt: number,
    private readonly abort: LazyAbort,
    readonly runInput: unknown,
  ) {
    this.runId = shared.runId;
    this.services = shared.services;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  log(message: string, level: LogLevel = 'info'): void {
    this.shared.onEvent({ type: 'node:log', runId: this.runId, at: this.shared.now(), nodeId: this.nodeId, level, message });
  }

  emitToken(text: string): void {
    this.shared.onEvent({ type: 'node:token', runId: this.runId, at: this.shared.now(), nodeId: this.nodeId, text });
  }

  step(step: NodeStep): void {
    this.shared.onEvent({ type: 'node:step', runId: this.runId, at: this.shared.now(), nodeId: this.nodeId, step });
  }

  now(): number {
    return this.shared.now();
  }
}

/**
 * An AbortController made only when a node asks for its signal: most trivial nodes never
 * do, and creating one per attempt dominated the engine's per-node cost.
 */
class LazyAbort implements AttemptHandle {
  private controller: AbortController | undefined;
  private reason: Error | undefined;
  /** Set by the attempt so an abort also ends the wait for a node that ignores its signal. */
  onAbort: ((reason: Error) => void) | undefined;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.controller?.abort(reason);
    this.onAbort?.(reason);
  }
}

function attemptWithTimeout<T>(work: () => Promise<T> | T, timeoutMs: number, abort: LazyAbort, schedule: ExecuteOptions<unknown>['schedule']): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      abort.onAbort = undefined;
      fn();
    };
    const cancelTimer = schedule(timeoutMs, () => abort.abort(new Error(timeoutMessage(timeoutMs))));
    abort.onAbort = (reason) => settle(() => reject(reason));
    try {
      Promise.resolve(work()).then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(error)),
      );
    } catch (error) {
      settle(() => reject(error));
    }
  });
}

/** Waits out a retry delay; false when the run was cancelled meanwhile. */
function backoff<S>(delayMs: number, nodeId: string, shared: AttemptShared<S>): Promise<boolean> {
  return new Promise((resolve) => {
    const handle: AttemptHandle = {
      abort: () => {
        cancel();
        resolve(false);
      },
    };
    const cancel = shared.schedule(delayMs, () => {
      shared.track(nodeId, undefined);
      resolve(true);
    });
    shared.track(nodeId, handle);
  });
}

/** Names the limit and where it is set, so the person reading the run log can change it. */
export function timeoutMessage(timeoutMs: number): string {
  return `Timed out after ${formatLimit(timeoutMs)} (the node's timeout; change it in the node's settings under Retry and timeout)`;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Unknown error';
}
