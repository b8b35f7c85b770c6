import type { RunEvent } from './events.js';
import type { ExecuteOptions, ExecutionEdge, ExecutionNode, NodeExecutor } from './types.js';

/** Small builders for engine tests: graphs as lists, executors as plain functions. */
export function node(id: string, type = 'pass', config: Record<string, unknown> = {}): ExecutionNode {
  return { id, type, config };
}

export function edge(source: string, target: string, sourceHandle = 'out', targetHandle = 'in'): ExecutionEdge {
  return { id: `${source}:${sourceHandle}->${target}:${targetHandle}`, source, sourceHandle, target, targetHandle };
}

/** The host's timers (vitest's fake timers drive them in tests). */
export function timerSchedule(ms: number, callback: () => void): () => void {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
}

export interface Harness {
  events: RunEvent[];
  options: ExecuteOptions<undefined>;
  types(type: string): RunEvent['type'][];
  statusOf(nodeId: string): string | undefined;
}

export function harness(
  nodes: ExecutionNode[],
  edges: ExecutionEdge[],
  executors: Record<string, NodeExecutor<undefined>['run']>,
  extra: Partial<ExecuteOptions<undefined>> = {},
): Harness {
  const events: RunEvent[] = [];
  let clock = 1_000;
  const options: ExecuteOptions<undefined> = {
    runId: 'run-1',
    nodes,
    edges,
    services: undefined,
    executorFor: (type) => (executors[type] ? { run: executors[type] } : undefined),
    now: () => clock++,
    schedule: timerSchedule,
    onEvent: (event) => events.push(event),
    ...extra,
  };
  return {
    events,
    options,
    types: (nodeId) => events.filter((e) => 'nodeId' in e && e.nodeId === nodeId).map((e) => e.type),
    statusOf: (nodeId) => {
      const last = events.filter((e) => 'nodeId' in e && e.nodeId === nodeId && e.type !== 'node:log' && e.type !== 'node:token').at(-1);
      return last?.type;
    },
  };
}

/** A promise with its resolve/reject exposed, to control when a node finishes. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A node that throws on its first `failures` calls (`${message} 1`, `${message} 2`, …) and
 * then answers `out: 'ok'`: what retry tests run. `calls()` says how often it was run.
 */
export function flakyExecutor(failures: number, message = 'boom'): { run: NodeExecutor<undefined>['run']; calls(): number } {
  let calls = 0;
  return {
    run: () => {
      calls += 1;
      if (calls <= failures) throw new Error(`${message} ${calls}`);
      return { outputs: { out: 'ok' } };
    },
    calls: () => calls,
  };
}
