import type { ExecutionEdge } from './types.js';

/** "Run this node" reuses what an earlier run gave its inputs; "run up to here" runs every ancestor again. */
export type RunTargetMode = 'node' | 'up-to';

export interface RunTarget {
  readonly nodeId: string;
  readonly mode: RunTargetMode;
}

export interface RunScopeInput {
  readonly nodeIds: readonly string[];
  readonly edges: readonly Pick<ExecutionEdge, 'source' | 'target'>[];
  /** Nodes with pinned outputs: not called, their pins flow on. */
  readonly pinned: ReadonlySet<string>;
  /** Nodes whose outputs an earlier run kept: reused by a `node` target's upstream. */
  readonly available?: ReadonlySet<string>;
  /** Absent: the whole workflow. */
  readonly target?: RunTarget;
}

export interface RunScope {
  /** Nodes to call, in the order of the document. */
  readonly run: readonly string[];
  /** Nodes given their pinned outputs. */
  readonly pinned: readonly string[];
  /** Nodes given an earlier run's outputs. */
  readonly reused: readonly string[];
  /**
   * For a `node` target: upstream nodes that run because no earlier output of theirs was
   * kept (never run, failed, skipped, or cut for size), so the caller can say why they ran.
   */
  readonly rerun: readonly string[];
}

/**
 * Which nodes a run calls and which it feeds with outputs it already has. Walks back from
 * the targets (the chosen node, or every node without outgoing edges): a pinned source is
 * fed its pins and the walk stops there; for "run this node", a source an earlier run
 * kept is fed those outputs and the walk stops too; anything else runs and its own
 * sources are visited. So a whole run leaves out nodes that only feed pinned ones (they
 * would be called for nothing), and a chosen node runs even if pinned: the person asked
 * for it. Pure and linear in nodes + edges.
 */
export function planRunScope(input: RunScopeInput): RunScope {
  const known = new Set(input.nodeIds);
  const sources = new Map<string, string[]>();
  const hasOutgoing = new Set<string>();
  for (const edge of input.edges) {
    if (!known.has(edge.source) || !known.has(edge.target)) continue;
    hasOutgoing.add(edge.source);
    const list = sources.get(edge.target);
    if (list) list.push(edge.source);
    else sources.set(edge.target, [edge.source]);
  }
  const available = input.available ?? new Set<string>();
  const reuse = input.target?.mode === 'node';
  const role = new Map<string, 'run' | 'pinned' | 'reused'>();
  const work: string[] = [];

  const visit = (nodeId: string, chosen: boolean) => {
    if (role.has(nodeId)) return;
    if (!chosen && input.pinned.has(nodeId)) role.set(nodeId, 'pinned');
    else if (!chosen && reuse && available.has(nodeId)) role.set(nodeId, 'reused');
    else {
      role.set(nodeId, 'run');
      work.push(nodeId);
    }
  };

  if (input.target) {
    if (known.has(input.target.nodeId)) visit(input.target.nodeId, true);
  } else {
    for (const nodeId of input.nodeIds) if (!hasOutgoing.has(nodeId)) visit(nodeId, false);
  }
  for (let nodeId = work.pop(); nodeId !== undefined; nodeId = work.pop()) {
    for (const source of sources.get(nodeId) ?? []) visit(source, false);
  }

  const pick = (wanted: 'run' | 'pinned' | 'reused') => input.nodeIds.filter((id) => role.get(id) === wanted);
  const run = pick('run');
  return {
    run,
    pinned: pick('pinned'),
    reused: pick('reused'),
    rerun: reuse ? run.filter((id) => id !== input.target?.nodeId) : [],
  };
}
