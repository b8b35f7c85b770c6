/**
 * The engine's one event union. Every event carries the run id, so parallel runs can
 * share a stream; the same union is the wire format to the browser (server-sent events)
 * and the input of `reduceRun`, which folds events into a `RunState`.
 */
export type NodeStatus = 'idle' | 'queued' | 'running' | 'success' | 'error' | 'skipped';
export type RunStatus = 'running' | 'success' | 'error' | 'cancelled';
export type LogLevel = 'info' | 'warn' | 'error';

interface Base {
  readonly runId: string;
  /** Milliseconds since the epoch, from the injected clock. */
  readonly at: number;
}

export type RunEvent =
  | (Base & { readonly type: 'run:started'; readonly nodeIds: readonly string[] })
  | (Base & { readonly type: 'node:queued'; readonly nodeId: string })
  | (Base & {
      readonly type: 'node:started';
      readonly nodeId: string;
      readonly attempt: number;
      /** How many tries the node has in all (1 + its retries), for "attempt 2 of 3". */
      readonly maxAttempts?: number;
      readonly inputs: Readonly<Record<string, unknown>>;
    })
  | (Base & { readonly type: 'node:log'; readonly nodeId: string; readonly level: LogLevel; readonly message: string })
  /** A streamed piece of output (LLM tokens), shown live; the final output comes with node:finished. */
  | (Base & { readonly type: 'node:token'; readonly nodeId: string; readonly text: string })
  | (Base & { readonly type: 'node:retrying'; readonly nodeId: string; readonly attempt: number; readonly error: string; readonly delayMs: number })
  | (Base & {
      readonly type: 'node:finished';
      readonly nodeId: string;
      readonly outputs: Readonly<Record<string, unknown>>;
      readonly durationMs: number;
      /** Set when the node was not called: its outputs were pinned, or reused from an earlier run. */
      readonly source?: 'pinned' | 'reused';
    })
  | (Base & { readonly type: 'node:failed'; readonly nodeId: string; readonly error: string; readonly durationMs: number })
  | (Base & { readonly type: 'node:skipped'; readonly nodeId: string; readonly reason: string })
  | (Base & {
      readonly type: 'run:finished';
      readonly status: Exclude<RunStatus, 'running'>;
      readonly error?: string;
      /** Values that reached the workflow's output nodes, by node id. */
      readonly outputs: Readonly<Record<string, unknown>>;
    });

export type RunEventType = RunEvent['type'];
