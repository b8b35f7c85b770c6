import {
  CONVERTER_INPUT,
  CONVERTER_NODE_TYPE,
  CONVERTER_OUTPUT,
  MERGER_INPUT_PREFIX,
  MERGER_LABEL,
  MERGER_NODE_TYPE,
  MERGER_OUTPUT,
} from './built-in-types.js';
import { DATA_TYPES, type DataType, findConversion, typesMatch } from './data-types.js';
import { reaches } from './find-cycle.js';
import { placeInserted } from './insert-placement.js';
import type { NodeDefinition } from './node-definition.js';
import { inputPorts, outputPorts, portType } from './node-ports.js';
import type { WorkflowEdge, WorkflowNode } from './workflow.js';

/** The handle-to-handle connection a user dragged. */
export interface ConnectionRequest {
  readonly source: string;
  readonly sourceHandle: string;
  readonly target: string;
  readonly targetHandle: string;
}

/** What connecting changes: nodes and edges to add, edges to remove, nodes moved to make room. */
export interface GraphEdit {
  readonly addNodes: WorkflowNode[];
  readonly addEdges: WorkflowEdge[];
  readonly removeEdgeIds: string[];
  readonly moveNodes: readonly { readonly id: string; readonly position: { x: number; y: number } }[];
}

export type RefusalCode = 'unknown_node' | 'unknown_handle' | 'self_connection' | 'duplicate' | 'cycle' | 'incompatible_types';

export type ConnectionPlan =
  | { readonly ok: true; readonly edit: GraphEdit; readonly inserted: readonly ('converter' | 'merger')[] }
  | { readonly ok: false; readonly code: RefusalCode; readonly reason: string };

export interface ConnectGraph {
  readonly nodes: readonly WorkflowNode[];
  readonly edges: readonly WorkflowEdge[];
}

/**
 * SPEC.md section 4, "Connecting two nodes":
 * - types match (equal, or either is `any`): a plain edge; if the target input is already
 *   connected, a merger goes at the midpoint and takes the old and the new edge;
 * - types differ but a conversion exists: a converter goes at the midpoint (and a merger
 *   after it if the input was occupied);
 * - otherwise the graph is not altered and the reason says why.
 * Also refused: self-connections, duplicates and anything that would close a loop.
 * Pure: ids come from `newId`, nothing is mutated; apply the result with {@link applyEdit}.
 */
export function planConnection(graph: ConnectGraph, request: ConnectionRequest, definitions: readonly NodeDefinition[], newId: () => string): ConnectionPlan {
  const byType = new Map(definitions.map((d) => [d.type, d]));
  const source = graph.nodes.find((n) => n.id === request.source);
  const target = graph.nodes.find((n) => n.id === request.target);
  if (!source || !target) return refuse('unknown_node', 'Both ends of a connection must be nodes in this workflow.');
  const sourceDef = byType.get(source.data.type);
  const targetDef = byType.get(target.data.type);
  if (!sourceDef || !targetDef) return refuse('unknown_node', 'Nodes of an unknown type cannot be connected.');
  const out = outputPorts(sourceDef).find((p) => p.id === request.sourceHandle);
  const into = inputPorts(targetDef, target.data.config).find((p) => p.id === request.targetHandle);
  if (!out || !into) return refuse('unknown_handle', 'Connect an output handle to an input handle.');
  if (source.id === target.id) return refuse('self_connection', 'A node cannot be connected to itself.');
  // An input that takes many connections (an Agent's Tools) keeps each; no merger.
  const existing = into.multiple ? [] : graph.edges.filter((e) => e.target === target.id && e.targetHandle === request.targetHandle);
  const same = (e: WorkflowEdge) =>
    e.target === target.id && e.targetHandle === request.targetHandle && e.source === source.id && e.sourceHandle === request.sourceHandle;
  if (graph.edges.some(same)) return refuse('duplicate', 'These handles are already connected.');
  if (reaches(graph.edges, target.id, source.id)) return refuse('cycle', `Connecting ${source.data.label} to ${target.data.label} would create a loop.`);

  const from = portType(out, source.data.config);
  const to = portType(into, target.data.config);
  const conversion = typesMatch(from, to) ? undefined : findConversion(from, to);
  if (!typesMatch(from, to) && !conversion) return refuse('incompatible_types', incompatibleReason(from, to));

  const addNodes: WorkflowNode[] = [];
  const addEdges: WorkflowEdge[] = [];
  // Inserted nodes cover no node; the target side moves right when they need the room.
  const placement = placeInserted(source, target, (conversion ? 1 : 0) + (existing.length > 0 ? 1 : 0), graph.nodes);
  const spots = [...placement.spots];
  const moveNodes = placement.moves;
  const removeEdgeIds: string[] = [];
  const inserted: ('converter' | 'merger')[] = [];
  const edge = (s: string, sh: string, t: string, th: string, type: DataType): WorkflowEdge => ({
    id: newId(),
    source: s,
    sourceHandle: sh,
    target: t,
    targetHandle: th,
    type: 'custom',
    data: { type },
  });

  // The new value, as it arrives at the target: straight from the source or via a converter.
  let feed = { node: source.id, handle: request.sourceHandle, type: typesMatch(from, to) && from === 'any' ? to : from };
  if (conversion) {
    const converter = builtInNode(newId(), CONVERTER_NODE_TYPE, conversion.label, spots.shift() ?? source.position, { sourceType: from, targetType: to });
    addNodes.push(converter);
    addEdges.push(edge(source.id, request.sourceHandle, converter.id, CONVERTER_INPUT, from));
    inserted.push('converter');
    feed = { node: converter.id, handle: CONVERTER_OUTPUT, type: to };
  }

  if (existing.length === 0) {
    addEdges.push(edge(feed.node, feed.handle, target.id, request.targetHandle, feed.type));
    return { ok: true, edit: { addNodes, addEdges, removeEdgeIds, moveNodes }, inserted };
  }

  // Occupied input: a merger takes every existing edge and the new one, then feeds the input.
  // Its type is the input's, or, for an `any` input, the one type all feeds share, else `any`.
  const feedTypes = new Set<DataType>([feed.type, ...existing.map((e) => e.data.type ?? 'any')]);
  const [onlyFeedType] = feedTypes;
  const dataType: DataType = to !== 'any' ? to : feedTypes.size === 1 && onlyFeedType ? onlyFeedType : 'any';
  const merger = builtInNode(newId(), MERGER_NODE_TYPE, MERGER_LABEL, spots.shift() ?? target.position, {
    dataType,
    mergeStrategy: 'concat',
    inputCount: Math.max(2, existing.length + 1),
  });
  addNodes.push(merger);
  inserted.push('merger');
  existing.forEach((old, index) => {
    removeEdgeIds.push(old.id);
    addEdges.push(edge(old.source, old.sourceHandle, merger.id, `${MERGER_INPUT_PREFIX}${index}`, old.data.type ?? dataType));
  });
  addEdges.push(edge(feed.node, feed.handle, merger.id, `${MERGER_INPUT_PREFIX}${existing.length}`, feed.type));
  addEdges.push(edge(merger.id, MERGER_OUTPUT, target.id, request.targetHandle, dataType));
  return { ok: true, edit: { addNodes, addEdges, removeEdgeIds, moveNodes }, inserted };
}

/** Applies an edit to a graph, returning a new graph. */
export function applyEdit<G extends ConnectGraph>(graph: G, edit: GraphEdit): G {
  const removed = new Set(edit.removeEdgeIds);
  const moved = new Map(edit.moveNodes.map((m) => [m.id, m.position]));
  const place = <N extends WorkflowNode>(n: N): N => {
    const position = moved.get(n.id);
    return position ? { ...n, position } : n;
  };
  return {
    ...graph,
    nodes: [...graph.nodes.map(place), ...edit.addNodes],
    edges: [...graph.edges.filter((e) => !removed.has(e.id)), ...edit.addEdges],
  };
}

/** Why `from` cannot feed `to`, with what would work instead. */
export function incompatibleReason(from: DataType, to: DataType): string {
  if (from === 'tool') return 'A tool output connects only to an Agent’s Tools input.';
  if (to === 'tool') return 'The Tools input takes nodes that can act as tools (their Tool output), not values.';
  const reachable = DATA_TYPES.filter((t) => t !== 'any' && t !== from && findConversion(from, t));
  const hint = reachable.length
    ? ` A ${from} output connects to ${[from, ...reachable].join(', ')} or any inputs.`
    : ` A ${from} output connects only to ${from} or any inputs.`;
  return `Cannot connect ${from} to ${to}: there is no conversion from ${from} to ${to}.${hint}`;
}

function refuse(code: RefusalCode, reason: string): ConnectionPlan {
  return { ok: false, code, reason };
}

function builtInNode(id: string, type: string, label: string, position: { x: number; y: number }, config: Record<string, unknown>): WorkflowNode {
  return { id, type: 'custom', position, data: { label, type, config, status: 'idle' } };
}
