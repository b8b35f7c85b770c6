import type { RunEvent, RunStatus } from './events.js';
import { indexGraph } from './graph-index.js';
import { type AttemptHandle, type AttemptShared, runAttempts } from './run-attempts.js';
import { DEFAULT_CONCURRENCY, DEFAULT_POLICY, type ExecuteOptions, type ExecutionEdge, type ExecutionNode } from './types.js';

export interface ExecuteResult {
  readonly status: Exclude<RunStatus, 'running'>;
  readonly error?: string;
  readonly outputs: Readonly<Record<string, unknown>>;
}

/** What has arrived at one node so far. */
interface Arrivals {
  /** Edges still to deliver a value or a skip. */
  pending: number;
  values: Map<string, unknown[]>;
  /** Handles that received at least one skip. */
  skippedHandles: Set<string>;
  delivered: number;
}

/**
 * Runs a workflow graph (a DAG; the validator refuses cycles). A node runs once, when
 * every incoming edge has delivered a value or a skip; independent branches run
 * concurrently up to `concurrency`. A node fed only by branches not taken is skipped, and
 * so is everything downstream of it. The first failure (after retries) stops new nodes
 * from starting and fails the run; cancellation aborts running nodes. Pure: time, delays
 * and every kind of I/O are injected; progress is reported only through `onEvent`.
 */
export function executeWorkflow<S>(options: ExecuteOptions<S>): Promise<ExecuteResult> {
  const { runId, now, onEvent } = options;
  const seeded = options.seeded ?? {};
  // A seeded node is not called, so it waits for nothing: it starts the run like an input.
  const edges = options.seeded ? options.edges.filter((edge) => !Object.hasOwn(seeded, edge.target)) : options.edges;
  const graph = indexGraph(options.nodes, edges);
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const policy = options.policy ?? (() => DEFAULT_POLICY);
  const isOptional = options.isOptionalInput ?? (() => false);
  const isOutput = options.isOutputNode ?? (() => false);
  /** The attempt (or retry wait) each running node is in, for cancellation. */
  const inFlight = new Map<string, AttemptHandle>();
  const emit = (event: RunEvent) => onEvent(event);
  const shared: AttemptShared<S> = {
    runId,
    executorFor: options.executorFor,
    services: options.services,
    now,
    schedule: options.schedule,
    onEvent,
    isCancelled: () => cancelled,
    track: (nodeId, handle) => {
      if (handle) inFlight.set(nodeId, handle);
      else inFlight.delete(nodeId);
    },
  };

  const arrivals = new Map<string, Arrivals>();
  const done = new Set<string>();
  /** Nodes that stopped to wait for a person; with none failed, the run ends `waiting`. */
  const waiting = new Set<string>();
  const queue: ExecutionNode[] = [];
  let head = 0;
  let running = 0;
  let failure: string | undefined;
  let cancelled = false;
  const outputs: Record<string, unknown> = {};

  emit({ type: 'run:started', runId, at: now(), nodeIds: options.nodes.map((n) => n.id) });
  for (const node of graph.nodes.values()) {
    const pending = graph.incoming.get(node.id)?.length ?? 0;
    arrivals.set(node.id, { pending, values: new Map(), skippedHandles: new Set(), delivered: 0 });
    if (pending === 0) enqueue(node);
  }

  return new Promise<ExecuteResult>((resolve) => {
    const onAbort = () => {
      if (cancelled || done.size === graph.nodes.size) return;
      cancelled = true;
      const reason = new Error('Cancelled');
      for (const handle of [...inFlight.values()]) handle.abort(reason);
      pump();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    pump();

    function pump(): void {
      while (!stopping() && running < concurrency && head < queue.length) {
        const node = queue[head++] as ExecutionNode;
        running += 1;
        void start(node);
      }
      if (running > 0 || (!stopping() && head < queue.length)) return;
      finish();
    }

    async function start(node: ExecutionNode): Promise<void> {
      const inputs = collectInputs(node.id);
      if (isOutput(node)) outputs[node.id] = singleValue(inputs);
      const started = now();
      const seed = Object.hasOwn(seeded, node.id) ? seeded[node.id] : undefined;
      const result = seed
        ? await Promise.resolve({ ok: true, outputs: seed.outputs } as const) // a turn, so long seeded chains don't recurse
        : await runAttempts(node, inputs, options.runInputs?.[node.id], policy(node), shared);
      running -= 1;
      // A waiting node is not done: it and the nodes after it run when the host resumes the run.
      if (result.ok !== 'waiting') done.add(node.id);
      if (result.ok === 'waiting') {
        waiting.add(node.id);
        emit({ type: 'node:waiting', runId, at: now(), nodeId: node.id, reason: result.reason });
      } else if (result.ok) {
        const source = seed ? { source: seed.source } : {};
        emit({ type: 'node:finished', runId, at: now(), nodeId: node.id, outputs: result.outputs, durationMs: now() - started, ...source });
        for (const edge of graph.outgoing.get(node.id) ?? []) {
          if (Object.hasOwn(result.outputs, edge.sourceHandle)) deliver(edge, result.outputs[edge.sourceHandle], false);
          else deliver(edge, undefined, true);
        }
      } else {
        emit({ type: 'node:failed', runId, at: now(), nodeId: node.id, error: result.error, durationMs: now() - started });
        failure ??= cancelled ? undefined : `${node.label || node.id}: ${result.error}`;
      }
      pump();
    }

    let finished = false;
    function finish(): void {
      if (finished) return;
      finished = true;
      options.signal?.removeEventListener('abort', onAbort);
      const reason = cancelled ? 'Run cancelled' : failure ? 'An earlier node failed' : 'Not reached';
      const waits = waiting.size > 0 && !cancelled && !failure;
      // A waiting run's undone nodes are not skipped: they run when it resumes.
      for (const node of graph.nodes.values()) {
        if (!done.has(node.id) && !waits) emit({ type: 'node:skipped', runId, at: now(), nodeId: node.id, reason });
      }
      const status = cancelled ? 'cancelled' : failure ? 'error' : waits ? 'waiting' : 'success';
      const error = cancelled ? 'Run cancelled' : failure;
      emit({ type: 'run:finished', runId, at: now(), status, outputs, ...(error ? { error } : {}) });
      resolve({ status, outputs, ...(error ? { error } : {}) });
    }
  });

  function stopping(): boolean {
    return cancelled || failure !== undefined;
  }

  function enqueue(node: ExecutionNode): void {
    queue.push(node);
    emit({ type: 'node:queued', runId, at: now(), nodeId: node.id });
  }

  /** Delivers a value (or a skip) along an edge; iterative, so long skipped chains don't recurse. */
  function deliver(first: ExecutionEdge, value: unknown, skipped: boolean): void {
    const work: { edge: ExecutionEdge; value: unknown; skipped: boolean }[] = [{ edge: first, value, skipped }];
    for (let item = work.pop(); item; item = work.pop()) {
      const target = arrivals.get(item.edge.target);
      const node = graph.nodes.get(item.edge.target);
      if (!target || !node) continue;
      if (item.skipped) target.skippedHandles.add(item.edge.targetHandle);
      else {
        const list = target.values.get(item.edge.targetHandle);
        if (list) list.push(item.value);
        else target.values.set(item.edge.targetHandle, [item.value]);
        target.delivered += 1;
      }
      target.pending -= 1;
      if (target.pending > 0) continue;
      const skipReason = whySkip(node, target);
      if (!skipReason) {
        enqueue(node);
        continue;
      }
      done.add(node.id);
      emit({ type: 'node:skipped', runId, at: now(), nodeId: node.id, reason: skipReason });
      for (const edge of graph.outgoing.get(node.id) ?? []) work.push({ edge, value: undefined, skipped: true });
    }
  }

  function whySkip(node: ExecutionNode, arrived: Arrivals): string | undefined {
    if (arrived.delivered === 0) return 'No input arrived: the branch feeding it was not taken';
    for (const handle of arrived.skippedHandles) {
      if (!arrived.values.has(handle) && !isOptional(node, handle)) return `Input "${handle}" was not reached`;
    }
    return undefined;
  }

  function collectInputs(nodeId: string): Record<string, unknown> {
    const inputs: Record<string, unknown> = {};
    for (const [handle, values] of arrivals.get(nodeId)?.values ?? []) {
      // One edge per input is the norm (the editor inserts mergers); several become a list.
      inputs[handle] = values.length === 1 ? values[0] : values;
    }
    return inputs;
  }
}

function singleValue(inputs: Record<string, unknown>): unknown {
  const values = Object.values(inputs);
  return values.length === 1 ? values[0] : inputs;
}
