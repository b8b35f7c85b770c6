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

/** What connecting changes: nodes and edges to add, edges to remove. */
export interface GraphEdit {
  readonly addNodes: WorkflowNode[];
  readonly addEdges: WorkflowEdge[];
  readonly removeEdgeIds: string[];
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
  const existing = graph.edges.filter((e) => e.target === target.id && e.targetHandle === request.targetHandle);
  if (existing.some((e) => e.source === source.id && e.sourceHandle === request.sourceHandle))
    return refuse('duplicate', 'These handles are already connected.');
  if (reaches(graph.edges, target.id, source.id)) return refuse('cycle', `Connecting ${source.data.label} to ${target.data.label} would create a loop.`);

  const from = portType(out, source.data.config);
  const to = portType(into, target.data.config);
  const conversion = typesMatch(from, to) ? undefined : findConversion(from, to);
  if (!typesMatch(from, to) && !conversion) return refuse('incompatible_types', incompatibleReason(from, to));

  const addNodes: WorkflowNode[] = [];
  const addEdges: WorkflowEdge[] = [];
  // Inserted nodes keep clear of every node but the two being joined.
  const others = graph.nodes.filter((n) => n.id !== source.id && n.id !== target.id);
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
    const converter = builtInNode(
      newId(),
      CONVERTER_NODE_TYPE,
      conversion.label,
      freeSpotNear(pointAt(source, target, existing.length > 0 ? 0.35 : 0.5), others),
      {
        sourceType: from,
        targetType: to,
      },
    );
    addNodes.push(converter);
    addEdges.push(edge(source.id, request.sourceHandle, converter.id, CONVERTER_INPUT, from));
    inserted.push('converter');
    feed = { node: converter.id, handle: CONVERTER_OUTPUT, type: to };
  }

  if (existing.length === 0) {
    addEdges.push(edge(feed.node, feed.handle, target.id, request.targetHandle, feed.type));
    return { ok: true, edit: { addNodes, addEdges, removeEdgeIds }, inserted };
  }

  // Occupied input: a merger takes every existing edge and the new one, then feeds the input.
  // Its type is the input's, or, for an `any` input, the one type all feeds share, else `any`.
  const feedTypes = new Set<DataType>([feed.type, ...existing.map((e) => e.data.type ?? 'any')]);
  const [onlyFeedType] = feedTypes;
  const dataType: DataType = to !== 'any' ? to : feedTypes.size === 1 && onlyFeedType ? onlyFeedType : 'any';
  const merger = builtInNode(newId(), MERGER_NODE_TYPE, MERGER_LABEL, freeSpotNear(pointAt(source, target, conversion ? 0.7 : 0.5), [...others, ...addNodes]), {
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
  return { ok: true, edit: { addNodes, addEdges, removeEdgeIds }, inserted };
}

/** Applies an edit to a graph, returning a new graph. */
export function applyEdit<G extends ConnectGraph>(graph: G, edit: GraphEdit): G {
  const removed = new Set(edit.removeEdgeIds);
  return {
    ...graph,
    nodes: [...graph.nodes, ...edit.addNodes],
    edges: [...graph.edges.filter((e) => !removed.has(e.id)), ...edit.addEdges],
  };
}

/** Why `from` cannot feed `to`, with what would work instead. */
export function incompatibleReason(from: DataType, to: DataType): string {
  const reachable = DATA_TYPES.filter((t) => t !== 'any' && t !== from && findConversion(from, t));
  const hint = reachable.length
    ? ` A ${from} output connects to ${[from, ...reachable].join(', ')} or any inputs.`
    : ` A ${from} output connects only to ${from} or any inputs.`;
  return `Cannot connect ${from} to ${to}: there is no conversion from ${from} to ${to}.${hint}`;
}

function refuse(code: RefusalCode, reason: string): ConnectionPlan {
  return { ok: false, code, reason };
}

function pointAt(a: WorkflowNode, b: WorkflowNode, t: number): { x: number; y: number } {
  return { x: Math.round(a.position.x + (b.position.x - a.position.x) * t), y: Math.round(a.position.y + (b.position.y - a.position.y) * t) };
}

/** An editor card's size before the canvas has measured it, and the air kept between cards. */
const CARD = { width: 240, height: 110 };
const AIR = 24;

/** A card's footprint with some air around it, for spots chosen before anything is measured. */
const FOOTPRINT = { width: CARD.width + 20, height: CARD.height + 20 };

/**
 * `point`, or the nearest spot above or below it where the inserted node covers no other
 * node: between two close nodes the midpoint often sits on a third one.
 */
export function freeSpotNear(point: { x: number; y: number }, nodes: readonly Pick<WorkflowNode, 'position'>[]): { x: number; y: number } {
  const covers = (spot: { x: number; y: number }) =>
    nodes.some((n) => Math.abs(n.position.x - spot.x) < FOOTPRINT.width && Math.abs(n.position.y - spot.y) < FOOTPRINT.height);
  for (let step = 0; step <= 20; step++) {
    for (const sign of step === 0 ? [0] : [1, -1]) {
      const spot = { x: point.x, y: point.y + sign * step * (FOOTPRINT.height / 2) };
      if (!covers(spot)) return spot;
    }
  }
  return point;
}

/** A node where it sits, with the size the canvas measured when there is one. */
export interface PlacedNode {
  position: { x: number; y: number };
  measured?: { width?: number; height?: number };
}

/**
 * How far down copies of `group` go so that none covers a node of `nodes` (which holds the
 * originals): a duplicate lands just under what it copies, below anything in the way.
 * Each collision moves the copies just past the node hit, so this ends within one step
 * per node.
 */
export function freeDropBelow(group: readonly PlacedNode[], nodes: readonly PlacedNode[]): { x: number; y: number } {
  const top = Math.min(...group.map((n) => n.position.y));
  let dy = Math.max(...group.map((n) => n.position.y + sizeOf(n).height)) - top + AIR;
  for (let step = 0; step <= nodes.length; step++) {
    const hit = firstHit(group, nodes, dy);
    if (!hit) break;
    dy = hit.node.position.y + sizeOf(hit.node).height + AIR - hit.copy.position.y;
  }
  return { x: 0, y: dy };
}

function firstHit(group: readonly PlacedNode[], nodes: readonly PlacedNode[], dy: number): { copy: PlacedNode; node: PlacedNode } | undefined {
  for (const copy of group) {
    const a = { x: copy.position.x, y: copy.position.y + dy, ...sizeOf(copy) };
    const node = nodes.find((n) => {
      const b = { ...n.position, ...sizeOf(n) };
      return a.x < b.x + b.width + AIR && b.x < a.x + a.width + AIR && a.y < b.y + b.height + AIR && b.y < a.y + a.height + AIR;
    });
    if (node) return { copy, node };
  }
  return undefined;
}

function sizeOf(n: PlacedNode): { width: number; height: number } {
  return { width: n.measured?.width ?? CARD.width, height: n.measured?.height ?? CARD.height };
}

function builtInNode(id: string, type: string, label: string, position: { x: number; y: number }, config: Record<string, unknown>): WorkflowNode {
  return { id, type: 'custom', position, data: { label, type, config, status: 'idle' } };
}
