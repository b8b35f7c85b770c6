/** The part of an edge that graph algorithms look at. */
export interface GraphEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
}

/** A cycle: the edge that closes it and the node ids along it, first node repeated last. */
export interface Cycle {
  readonly edgeId: string;
  readonly path: readonly string[];
}

const WHITE = 0;
const GREY = 1;
const BLACK = 2;

/**
 * Finds one directed cycle, or undefined when the graph is acyclic. Depth-first with an
 * explicit stack (documents may hold thousands of nodes, deeper than a safe recursion);
 * the edge reported is the back edge that reaches a node still on the stack. Edges whose
 * ends are not in `nodeIds` are ignored: other checks report them.
 */
export function findCycle(nodeIds: readonly string[], edges: readonly GraphEdge[]): Cycle | undefined {
  const outgoing = new Map<string, GraphEdge[]>(nodeIds.map((id) => [id, []]));
  for (const edge of edges) {
    if (outgoing.has(edge.target)) outgoing.get(edge.source)?.push(edge);
  }
  const colour = new Map<string, number>(nodeIds.map((id) => [id, WHITE]));
  for (const root of nodeIds) {
    if (colour.get(root) !== WHITE) continue;
    // Each frame is a node on the current path and the index of its next edge to follow.
    const stack: { node: string; next: number }[] = [{ node: root, next: 0 }];
    colour.set(root, GREY);
    for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
      const edge = outgoing.get(frame.node)?.[frame.next];
      if (!edge) {
        colour.set(frame.node, BLACK);
        stack.pop();
        continue;
      }
      frame.next += 1;
      const state = colour.get(edge.target);
      if (state === GREY) {
        const onPath = stack.map((f) => f.node);
        return { edgeId: edge.id, path: [...onPath.slice(onPath.indexOf(edge.target)), edge.target] };
      }
      if (state === WHITE) {
        colour.set(edge.target, GREY);
        stack.push({ node: edge.target, next: 0 });
      }
    }
  }
  return undefined;
}

/** Whether a directed path leads from `from` to `to` (a node reaches itself). */
export function reaches(edges: readonly Pick<GraphEdge, 'source' | 'target'>[], from: string, to: string): boolean {
  const outgoing = new Map<string, string[]>();
  for (const edge of edges) {
    const list = outgoing.get(edge.source);
    if (list) list.push(edge.target);
    else outgoing.set(edge.source, [edge.target]);
  }
  const seen = new Set([from]);
  const queue = [from];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === to) return true;
    for (const next of outgoing.get(node) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}
