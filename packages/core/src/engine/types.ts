import type { LogLevel, NodeStep, RunEvent } from './events.js';

/** What a node implementation sees while it runs. */
export interface NodeRunContext<S> {
  readonly runId: string;
  readonly nodeId: string;
  readonly attempt: number;
  /** Aborted on cancellation and on timeout: pass it to every I/O call. */
  readonly signal: AbortSignal;
  /** All I/O goes through these (llm, http, secrets, files, …), injected by the host. */
  readonly services: S;
  /** The value supplied for this node when the run was started (run inputs), if any. */
  readonly runInput: unknown;
  log(message: string, level?: LogLevel): void;
  /** Streams a piece of output (LLM tokens) to whoever watches the run. */
  emitToken(text: string): void;
  /**
   * Reports a step that ended (an Agent's model or tool call): shown live, kept with the
   * run. The engine always gives it; a context a test builds by hand may leave it out.
   */
  step?(step: NodeStep): void;
  /** The run's clock (ms since the epoch), for durations a node reports. The engine always gives it. */
  now?(): number;
}

/**
 * What a node returns: a value per output port. A port left out is a branch not taken:
 * nodes fed only through it are skipped (a Condition returns just `true` or `false`).
 */
export interface NodeRunResult {
  readonly outputs: Readonly<Record<string, unknown>>;
}

export interface NodeExecutor<S> {
  run(args: {
    inputs: Readonly<Record<string, unknown>>;
    config: Readonly<Record<string, unknown>>;
    ctx: NodeRunContext<S>;
    /** The nodes lent to this one as tools (`ExecutionNode.tools`); empty for most. */
    tools: readonly ExecutionNode[];
  }): Promise<NodeRunResult> | NodeRunResult;
}

export interface ExecutionNode {
  readonly id: string;
  readonly type: string;
  /** What the user calls the node; the run's error names it by this (else by id). */
  readonly label?: string;
  readonly config: Readonly<Record<string, unknown>>;
  /** What the node is for, in the user's words (an Agent's tool is described to the model by it). */
  readonly description?: string;
  /**
   * The nodes lent to this one through its Tools input (core tool-port.ts): not run in the
   * flow, handed to the node's `run` as `tools`. The host sets it (the server's plan).
   */
  readonly tools?: readonly ExecutionNode[];
  /** A tool node whose calls wait for a person's approval (the document's `data.requireApproval`). */
  readonly requireApproval?: boolean;
}

export interface ExecutionEdge {
  readonly id: string;
  readonly source: string;
  readonly sourceHandle: string;
  readonly target: string;
  readonly targetHandle: string;
}

export interface NodePolicy {
  /** Per attempt. */
  readonly timeoutMs: number;
  /** Extra attempts after the first failure. */
  readonly retries: number;
  /** First retry waits this long, then `backoffFactor` times as long each time. */
  readonly backoffMs: number;
  /** 2 (doubling) unless set; 1 is the same wait before every retry (a node's own settings). */
  readonly backoffFactor?: number;
}

/** Outputs a node is given instead of being called: pinned by the user, or reused from an earlier run. */
export interface SeededOutputs {
  readonly outputs: Readonly<Record<string, unknown>>;
  readonly source: SeedSource;
}
export type SeedSource = 'pinned' | 'reused';

export interface ExecuteOptions<S> {
  readonly runId: string;
  readonly nodes: readonly ExecutionNode[];
  readonly edges: readonly ExecutionEdge[];
  /** The implementation of a node type; undefined fails that node with a clear error. */
  readonly executorFor: (type: string) => NodeExecutor<S> | undefined;
  readonly services: S;
  /** Values supplied at start, by node id (e.g. Text Inputs that ask on run). */
  readonly runInputs?: Readonly<Record<string, unknown>>;
  /**
   * Nodes that are not called: their outputs are these (pins, or an earlier run's for a
   * partial run, see `planPartialRun`) and flow downstream as if the node had returned them.
   */
  readonly seeded?: Readonly<Record<string, SeededOutputs>>;
  /** How many nodes may run at once; independent branches run concurrently up to it. */
  readonly concurrency?: number;
  readonly policy?: (node: ExecutionNode) => NodePolicy;
  /** Inputs a node can run without (its other inputs decide whether it is skipped). */
  readonly isOptionalInput?: (node: ExecutionNode, handle: string) => boolean;
  /** Nodes whose inputs are the run's outputs (the Output node). */
  readonly isOutputNode?: (node: ExecutionNode) => boolean;
  readonly now: () => number;
  /** Calls `callback` after `ms`; the returned function cancels it. Timeouts and backoff use it. */
  readonly schedule: Scheduler;
  readonly signal?: AbortSignal;
  readonly onEvent: (event: RunEvent) => void;
}

/** A host timer, injected so the engine stays pure (tests pass fake timers). */
export type Scheduler = (ms: number, callback: () => void) => () => void;

export const DEFAULT_POLICY: NodePolicy = { timeoutMs: 300_000, retries: 0, backoffMs: 1000 };
export const DEFAULT_CONCURRENCY = 4;

/**
 * Thrown by a node that cannot go on until a person decides (an Agent's tool call that
 * needs approval). Not a failure and never retried: the engine reports `node:waiting`,
 * holds back the nodes after it, lets the rest of the run finish, and ends it `waiting`.
 * The host keeps what the node needs to go on and runs the workflow again later, seeding
 * the nodes that finished.
 */
export class NodeWaiting extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NodeWaiting';
  }
}

/** Whether a thrown value is a `NodeWaiting` (by name, so a copy of core in another bundle counts too). */
export function isNodeWaiting(error: unknown): error is NodeWaiting {
  return error instanceof Error && error.name === 'NodeWaiting';
}
