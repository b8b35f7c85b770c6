import {
  type ConfigField,
  configIssues,
  fieldIsRequired,
  isBlankConfigValue,
  type NodeRunContext,
  placeholderPaths,
  renderTemplate,
  TOOL_OUTPUT,
} from '@weft/core';
import type { NodeType } from '../define-node.js';
import type { NodeServices } from '../node-services.js';
import type { AgentTool, ToolCallContext, ToolSource } from './agent-tool.js';
import type { JsonSchema } from './json-schema.js';

const ARGS_PREFIX = 'args.';

/**
 * The tools one node connected to an Agent's Tools input offers: its type's own `tools`
 * (MCP Tools), or else the one tool derived from `toolUse` (below). Throws, naming the
 * node, when the type is unknown or cannot act as a tool.
 */
export async function toolsOfSource(source: ToolSource, ctx: NodeRunContext<NodeServices>): Promise<readonly AgentTool[]> {
  const { node, type } = source;
  const name = node.label || node.id;
  if (!type) throw new Error(`Tool "${name}" has type "${node.type}", which this server does not know`);
  if (!type.toolUse) throw new Error(`"${name}" (${type.title}) cannot act as a tool; connect a node that has a Tool output`);
  const tools = type.tools ? await type.tools({ node, config: node.config, ctx }) : [nodeTool(source.node, type)];
  // The node's Require approval holds for every tool it offers (all of an MCP server's).
  return node.requireApproval ? tools.map((tool) => withApproval(tool)) : tools;
}

/**
 * A node as one tool, from its type's declaration (`toolUse`): the arguments are the
 * declared config fields the node leaves empty, the declared inputs, and each
 * `{{args.NAME}}` written in its text fields; a call fills them in and runs the type's own
 * `run`, so its checks, the outbound guard and the sandbox apply as when the node runs in a
 * flow. Its result is the node's output (the one value, or every output by port).
 */
export function nodeTool(node: ToolSource['node'], type: NodeType): AgentTool {
  const toolUse = type.toolUse;
  const run = type.run;
  if (!toolUse || !run) throw new Error(`"${node.label || node.id}" (${type.title}) cannot act as a tool`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const fromConfig: string[] = [];
  const fromInputs: string[] = [];
  const usesInput = usesPlaceholder(node.config, 'input');
  for (const argument of toolUse.arguments ?? []) {
    if (argument.onlyWhen && !argument.onlyWhen.oneOf.includes(String(node.config[argument.onlyWhen.key]))) continue;
    if (argument.from === 'config') {
      const field = type.config.find((f) => f.key === argument.key);
      // A filled field is the user's decision: the model does not get to change it.
      if (!field || !isBlankConfigValue(node.config[argument.key])) continue;
      properties[argument.key] = { ...fieldSchema(field), description: argument.description };
      if (!argument.optional && fieldIsRequired(field, node.config)) required.push(argument.key);
      fromConfig.push(argument.key);
    } else {
      if (argument.onlyIfUsed && !usesInput) continue;
      properties[argument.key] = { ...(argument.type ? { type: argument.type } : {}), description: argument.description };
      if (!argument.optional) required.push(argument.key);
      fromInputs.push(argument.key);
    }
  }
  for (const path of argsPlaceholders(node.config)) {
    const key = path.slice(ARGS_PREFIX.length);
    if (properties[key]) continue;
    properties[key] = { type: 'string', description: `Written into the node where it says {{args.${key}}}` };
    required.push(key);
  }
  const parameters: JsonSchema = { type: 'object', properties, required, additionalProperties: false };
  const description = node.description?.trim() || `${toolUse.description}${node.label && node.label !== type.title ? ` (${node.label})` : ''}`;
  const outputs = type.outputs.filter((port) => port.id !== TOOL_OUTPUT.id);

  return {
    name: toolName(node.label || type.title),
    description,
    parameters,
    nodeId: node.id,
    async call(args, ctx: ToolCallContext) {
      const config: Record<string, unknown> = fillArgs(node.config, args) as Record<string, unknown>;
      for (const key of fromConfig) config[key] = args[key];
      const [issue] = configIssues(type, config);
      if (issue) throw new Error(issue.message);
      const inputs: Record<string, unknown> = {};
      for (const key of fromInputs) inputs[key] = args[key];
      const result = await run({ inputs, config, ctx: ctx.nodeContext, tools: [] });
      const given = outputs.filter((port) => Object.hasOwn(result.outputs, port.id));
      if (given.length === 1 && given[0]) return result.outputs[given[0].id];
      return Object.fromEntries(given.map((port) => [port.id, result.outputs[port.id]]));
    },
  };
}

/** A JSON Schema for what a config field holds. */
function fieldSchema(field: ConfigField): JsonSchema {
  switch (field.kind) {
    case 'number':
      return { type: 'number', ...(field.min !== undefined ? { minimum: field.min } : {}), ...(field.max !== undefined ? { maximum: field.max } : {}) };
    case 'select':
      return { type: 'string', enum: field.options.map((option) => option.value) };
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return {};
    default:
      return { type: 'string' };
  }
}

/** Whether a string of the config names `{{root}}` or `{{root.…}}`. */
function usesPlaceholder(value: unknown, root: string): boolean {
  if (typeof value === 'string') return placeholderPaths(value).some((path) => path === root || path.startsWith(`${root}.`));
  if (Array.isArray(value)) return value.some((item) => usesPlaceholder(item, root));
  if (typeof value === 'object' && value !== null) return Object.values(value).some((item) => usesPlaceholder(item, root));
  return false;
}

/** Every `{{args.NAME}}` in the strings of a config, in order, without repeats. */
export function argsPlaceholders(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    for (const path of placeholderPaths(value)) if (path.startsWith(ARGS_PREFIX) && !path.slice(ARGS_PREFIX.length).includes('.')) found.add(path);
  } else if (Array.isArray(value)) for (const item of value) argsPlaceholders(item, found);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) argsPlaceholders(item, found);
  return found;
}

/** The config with `{{args.NAME}}` filled from the model's arguments; other placeholders stay for the node. */
function fillArgs(value: unknown, args: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    return renderTemplate(value, (path) => (path.startsWith(ARGS_PREFIX) ? args[path.slice(ARGS_PREFIX.length)] : undefined), { onMissing: 'keep' });
  }
  if (Array.isArray(value)) return value.map((item) => fillArgs(item, args));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillArgs(item, args)]));
  return value;
}

/** A name providers accept (`^[a-zA-Z0-9_-]{1,64}$`), from a node's label: "Look up order" → `look_up_order`. */
export function toolName(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .slice(0, 64);
  return name || 'tool';
}

/** The same tool, each call of it waiting for a person's approval. */
function withApproval(tool: AgentTool): AgentTool {
  const { name, description, parameters, nodeId } = tool;
  return { name, description, parameters, nodeId, requireApproval: true, call: (args, ctx) => tool.call(args, ctx) };
}

/** Names made unique in order: a repeat gets `_2`, `_3` (cut to stay within 64). */
export function uniqueToolNames(tools: readonly AgentTool[]): AgentTool[] {
  const taken = new Set<string>();
  return tools.map((tool) => {
    let name = tool.name;
    for (let n = 2; taken.has(name); n++) name = `${tool.name.slice(0, 60)}_${n}`;
    taken.add(name);
    if (name === tool.name) return tool;
    const approval = tool.requireApproval ? { requireApproval: true } : {};
    return { name, description: tool.description, parameters: tool.parameters, nodeId: tool.nodeId, ...approval, call: (args, ctx) => tool.call(args, ctx) };
  });
}
