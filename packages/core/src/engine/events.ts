/**
 * The engine's one event union. Every event carries the run id, so parallel runs can
 * share a stream; the same union is the wire format to the browser (server-sent events)
 * and the input of `reduceRun`, which folds events into a `RunState`.
 */
export type NodeStatus = 'idle' | 'queued' | 'running' | 'success' | 'error' | 'skipped' | 'waiting';
/**
 * `waiting`: the run stopped at a node that waits for a person (an Agent's tool that needs
 * approval, `node:waiting`); it is not over, and goes on (`run:resumed`) once they decide.
 */
export type RunStatus = 'running' | 'success' | 'error' | 'cancelled' | 'waiting';
export type LogLevel = 'info' | 'warn' | 'error';

/**
 * One step of a node that works in steps (an Agent): a call to its model, or a call to one
 * of its tools. Emitted when the step ends, so it carries its duration and result; the live
 * log, the inspector and the stored execution all show it (`stepMessage`).
 */
export interface NodeStep {
  /** 1, 2, 3 … in the order the steps began. */
  readonly index: number;
  readonly kind: 'model' | 'tool';
  /** The model's name, or the tool's as the model knows it. */
  readonly name: string;
  /** When it began, from the injected clock (ms since the epoch). */
  readonly startedAt: number;
  readonly durationMs: number;
  /** `waiting`: a tool call held for a person's approval; its end comes as another step with the same `callId`. */
  readonly status: 'success' | 'error' | 'waiting';
  /** A tool's arguments; for a model step, how many messages it was sent. */
  readonly input?: unknown;
  /** A tool's result; for a model step, its text and the tool calls it asked for. */
  readonly output?: unknown;
  readonly error?: string;
  /** Model steps: the tokens this call used. */
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number };
  /**
   * Model steps: what the call cost in US dollars, at core's price table or the node's own
   * prices (pricing/); absent when the model's price is unknown.
   */
  readonly costUsd?: number;
  /** Tool steps: the model's id of the call, which pairs it with the model step that asked. */
  readonly callId?: string;
  /** Tool steps: the workflow node that is the tool (the one connected to the Tools input). */
  readonly toolNodeId?: string;
}

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
  /** A step of a node that works in steps (an Agent's model and tool calls), when it ends. */
  | (Base & { readonly type: 'node:step'; readonly nodeId: string; readonly step: NodeStep })
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
  /** The node stopped to wait for a person (`NodeWaiting`): nodes after it wait too, and the run ends `waiting`. */
  | (Base & { readonly type: 'node:waiting'; readonly nodeId: string; readonly reason: string })
  /**
   * A waiting run goes on (sent by the host, not the engine): the events after it continue
   * the same stream; nodes that had finished are not run again.
   */
  | (Base & { readonly type: 'run:resumed'; readonly reason: string })
  | (Base & { readonly type: 'node:skipped'; readonly nodeId: string; readonly reason: string })
  | (Base & {
      readonly type: 'run:finished';
      readonly status: Exclude<RunStatus, 'running'>;
      readonly error?: string;
      /** Values that reached the workflow's output nodes, by node id. */
      readonly outputs: Readonly<Record<string, unknown>>;
    });

export type RunEventType = RunEvent['type'];
