import { configWithDefaults, type NodeDefinition, TOOL_OUTPUT, TOOLS_INPUT, type ToolArgumentSchema, toolSignature, uniqueNames } from '@weft/core';

/** One argument of a tool, as the overview lists it. */
export interface ToolArgumentRow {
  readonly name: string;
  /** The JSON type the model fills in (`string`, `number`, … or `any`); a choice lists its options. */
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
}

/** A node lent to an Agent, as the Agent's model will know it. */
export interface AgentToolRow {
  readonly nodeId: string;
  readonly label: string;
  /** The node type's title ("HTTP Request"). */
  readonly typeTitle: string;
  /** The name the model calls it by; for a node whose tools are listed at run time, the name of the derived one would be meaningless. */
  readonly name: string | null;
  readonly description: string;
  readonly arguments: readonly ToolArgumentRow[];
  /** Its tools are known only when the agent runs (MCP Tools: the server's list; Run Workflow: the workflow's inputs). */
  readonly atRunTime: boolean;
}

interface NodeLike {
  readonly id: string;
  readonly data: { readonly type: string; readonly label: string; readonly description?: string; readonly config: Readonly<Record<string, unknown>> };
}

interface EdgeLike {
  readonly source: string;
  readonly sourceHandle?: string | null;
  readonly target: string;
  readonly targetHandle?: string | null;
}

/**
 * The tools an Agent has: the nodes whose Tool output is connected to its Tools input, in
 * the order of their edges (the order the server hands them over), each with the name,
 * description and arguments core's `toolSignature` derives, as the Agent's run does
 * (names made unique as the run makes them). The config is read with its defaults
 * filled, as a run reads it; secrets and parameters stay as written (they are not
 * arguments either way).
 */
export function agentTools(
  agentId: string,
  nodes: readonly NodeLike[],
  edges: readonly EdgeLike[],
  definitionOf: (type: string) => NodeDefinition | undefined,
): AgentToolRow[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const rows: AgentToolRow[] = [];
  for (const edge of edges) {
    if (edge.target !== agentId || edge.targetHandle !== TOOLS_INPUT.id || edge.sourceHandle !== TOOL_OUTPUT.id || seen.has(edge.source)) continue;
    const node = byId.get(edge.source);
    const definition = node ? definitionOf(node.data.type) : undefined;
    if (!node || !definition?.toolUse) continue;
    seen.add(edge.source);
    rows.push(toolRow(node, definition));
  }
  const names = uniqueNames(rows.filter((row) => row.name !== null).map((row) => row.name ?? ''));
  let next = 0;
  return rows.map((row) => (row.name === null ? row : { ...row, name: names[next++] ?? row.name }));
}

/** One node as a tool (see {@link agentTools}); also what a tool node's own settings show. */
export function toolRow(node: NodeLike, definition: NodeDefinition): AgentToolRow {
  const base = { nodeId: node.id, label: node.data.label, typeTitle: definition.title };
  // A type that declares no arguments offers its tools at run time (toolUse's docs).
  if (definition.toolUse && definition.toolUse.arguments === undefined) {
    return { ...base, name: null, description: node.data.description?.trim() || definition.toolUse.description, arguments: [], atRunTime: true };
  }
  const signature = toolSignature(
    {
      label: node.data.label,
      ...(node.data.description ? { description: node.data.description } : {}),
      config: configWithDefaults(definition, node.data.config),
    },
    definition,
  );
  if (!signature) return { ...base, name: null, description: '', arguments: [], atRunTime: true };
  const required = new Set(signature.parameters.required);
  const args = Object.entries(signature.parameters.properties).map(([name, schema]) => ({
    name,
    type: typeText(schema),
    required: required.has(name),
    ...(schema.description ? { description: schema.description } : {}),
  }));
  return { ...base, name: signature.name, description: signature.description, arguments: args, atRunTime: false };
}

/** `string`, `number`, `"GET" | "POST"`, or `any` for a JSON field. */
function typeText(schema: ToolArgumentSchema): string {
  if (schema.enum && schema.enum.length > 0) return schema.enum.map((option) => JSON.stringify(option)).join(' | ');
  return schema.type ?? 'any';
}

/** `look_up_order(orderId, note?)`: a tool as a call, the way the overview heads it. */
export function callShape(row: AgentToolRow): string {
  if (row.name === null) return row.label;
  return `${row.name}(${row.arguments.map((arg) => (arg.required ? arg.name : `${arg.name}?`)).join(', ')})`;
}
