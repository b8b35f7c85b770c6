import type { ExecutionEdge, ExecutionNode } from './types.js';

/** Adjacency built once per run, so scheduling is O(nodes + edges). */
export interface GraphIndex {
  readonly nodes: ReadonlyMap<string, ExecutionNode>;
  readonly incoming: ReadonlyMap<string, readonly ExecutionEdge[]>;
  readonly outgoing: ReadonlyMap<string, readonly ExecutionEdge[]>;
}

export function indexGraph(nodes: readonly ExecutionNode[], edges: readonly ExecutionEdge[]): GraphIndex {
  const byId = new Map<string, ExecutionNode>();
  const incoming = new Map<string, ExecutionEdge[]>();
  const outgoing = new Map<string, ExecutionEdge[]>();
  for (const node of nodes) {
    byId.set(node.id, node);
    incoming.set(node.id, []);
    outgoing.set(node.id, []);
  }
  for (const edge of edges) {
    // Edges to or from missing nodes are the validator's business; the engine ignores them.
    const into = incoming.get(edge.target);
    const from = outgoing.get(edge.source);
    if (!into || !from) continue;
    into.push(edge);
    from.push(edge);
  }
  return { nodes: byId, incoming, outgoing };
}
