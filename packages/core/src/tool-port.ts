import type { NodeDefinition, PortDefinition } from './node-definition.js';

/**
 * The Tools port: nodes lent to an Agent. A node type that can serve as a tool
 * (`NodeDefinition.toolUse`) has the {@link TOOL_OUTPUT} port; an Agent has the
 * {@link TOOLS_INPUT}. Both are of type `tool`, which meets only `tool` (data-types.ts),
 * so nothing else connects there. A node whose Tool output is connected is not run in the
 * flow: the host hands it to the agent (`ExecutionNode.tools`), which calls it as often as
 * its model asks (packages/nodes README, "Tools").
 */
export const TOOL_OUTPUT: PortDefinition = {
  id: 'tool',
  label: 'Tool',
  type: 'tool',
  description: 'Connect to an Agent’s Tools input: the agent then calls this node as a tool instead of the flow running it.',
};

export const TOOLS_INPUT: PortDefinition = {
  id: 'tools',
  label: 'Tools',
  type: 'tool',
  optional: true,
  multiple: true,
  description: 'Nodes the agent may call as tools: connect their Tool output here, as many as you like.',
};

interface NodeLike {
  readonly id: string;
  readonly type: string;
  readonly label?: string;
}

interface EdgeLike {
  readonly source: string;
  readonly sourceHandle: string;
  readonly target: string;
  readonly targetHandle: string;
}

/** Which nodes are lent to which agents, or why the graph cannot run so. */
export type ToolSplit =
  | {
      readonly ok: true;
      /** The tool node ids each agent calls, in edge order. */
      readonly toolsOf: ReadonlyMap<string, readonly string[]>;
      /** Every node lent to an agent: not run in the flow. */
      readonly toolNodes: ReadonlySet<string>;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Finds the nodes connected by their Tool output (a node type with `toolUse`) to another
 * node's input. Such a node takes its values from the agent's model, so any other
 * connection it has, in or out, is refused with a message naming it: it would never
 * deliver or receive anything. Pure, for the server's plan and the editor alike.
 */
export function splitToolNodes(nodes: readonly NodeLike[], edges: readonly EdgeLike[], definitionOf: (type: string) => NodeDefinition | undefined): ToolSplit {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const toolsOf = new Map<string, string[]>();
  const toolNodes = new Set<string>();
  const isToolEdge = (edge: EdgeLike) => {
    const source = byId.get(edge.source);
    return edge.sourceHandle === TOOL_OUTPUT.id && source !== undefined && definitionOf(source.type)?.toolUse !== undefined;
  };
  for (const edge of edges) {
    if (!isToolEdge(edge)) continue;
    toolNodes.add(edge.source);
    const list = toolsOf.get(edge.target);
    if (list) {
      if (!list.includes(edge.source)) list.push(edge.source);
    } else toolsOf.set(edge.target, [edge.source]);
  }
  for (const edge of edges) {
    if (isToolEdge(edge)) continue;
    const tool = toolNodes.has(edge.source) ? edge.source : toolNodes.has(edge.target) ? edge.target : undefined;
    if (tool === undefined) continue;
    const node = byId.get(tool);
    const name = node?.label ? `"${node.label}"` : `"${tool}"`;
    return {
      ok: false,
      message: `Node ${name} is an Agent’s tool: the agent’s model gives it its values, so it takes no other connection. Remove its other connections, or its Tool connection, then run again.`,
    };
  }
  for (const agent of toolsOf.keys()) {
    if (toolNodes.has(agent)) {
      const node = byId.get(agent);
      return { ok: false, message: `Node "${node?.label || agent}" is a tool itself, so it cannot have tools of its own.` };
    }
  }
  return { ok: true, toolsOf, toolNodes };
}
