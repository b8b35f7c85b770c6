import { type DataType, type PortDefinition, portType } from '@weft/core';
import { isTruncated, valueAsText } from '../run/value-view';

/** A node wired to one of the configured node's ports. */
export interface FlowPeer {
  nodeId: string;
  /** The peer's label on the canvas. */
  label: string;
  /** The peer's port at the other end, by its label. */
  port: string;
}

/** One port of the configured node: what it carries, what it is wired to, what it held in the run on screen. */
export interface PortFlow {
  id: string;
  label: string;
  type: DataType;
  optional: boolean;
  peers: FlowPeer[];
  /** Present when the run on screen has a value for this port. */
  value?: { value: unknown };
}

/** The few fields of an edge this needs (the editor's edges always name their handles). */
export interface FlowEdge {
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}

export interface FlowContext {
  edges: readonly FlowEdge[];
  /** A node's label, or undefined when it is not on the canvas. */
  labelOf(nodeId: string): string | undefined;
  /** A port's label on another node, by the side it is on; the handle id when unknown. */
  portLabelOf(nodeId: string, handle: string, side: 'input' | 'output'): string;
}

/**
 * The configured node's ports on one side as the node view shows them (issue 22, what a
 * node receives and gives beside its settings): each with its type for this node's
 * config, the nodes wired to it and the value it held in the run on screen.
 */
export function portFlows(
  side: 'input' | 'output',
  nodeId: string,
  ports: readonly PortDefinition[],
  config: Readonly<Record<string, unknown>>,
  context: FlowContext,
  values: Readonly<Record<string, unknown>> | undefined,
): PortFlow[] {
  return ports.map((port) => {
    const peers: FlowPeer[] = [];
    for (const edge of context.edges) {
      const mine = side === 'input' ? edge.target === nodeId && edge.targetHandle === port.id : edge.source === nodeId && edge.sourceHandle === port.id;
      if (!mine) continue;
      const [peerId, handle] = side === 'input' ? [edge.source, edge.sourceHandle] : [edge.target, edge.targetHandle];
      const label = context.labelOf(peerId);
      if (label === undefined) continue;
      peers.push({ nodeId: peerId, label, port: context.portLabelOf(peerId, handle, side === 'input' ? 'output' : 'input') });
    }
    const flow: PortFlow = { id: port.id, label: port.label, type: portType(port, config), optional: port.optional === true, peers };
    if (values && Object.hasOwn(values, port.id)) flow.value = { value: values[port.id] };
    return flow;
  });
}

/** How long a preview's text may be before it is cut: a few lines of the panel. */
export const PREVIEW_CHARS = 600;

/**
 * A port's value, short: a list leads with its count ("3 items"), text shows as text, the
 * rest as JSON; cut to `PREVIEW_CHARS`. The inspector shows it whole.
 */
export function valuePreview(value: unknown): { lead?: string; text: string } {
  const lead = Array.isArray(value)
    ? `${value.length} ${value.length === 1 ? 'item' : 'items'}`
    : isTruncated(value)
      ? 'cut, too large to keep whole'
      : undefined;
  const shown = Array.isArray(value) && value.length > 0 ? value[0] : value;
  const full = Array.isArray(value) && value.length === 0 ? '' : valueAsText(shown);
  const text = full.length > PREVIEW_CHARS ? `${full.slice(0, PREVIEW_CHARS).trimEnd()}…` : full;
  return lead ? { lead, text } : { text };
}
