import { configIssues, type NodeRunContext, renderTemplate, TOOL_OUTPUT, toolSignature, uniqueNames } from '@weft/core';
import type { NodeType } from '../define-node.js';
import type { NodeServices } from '../node-services.js';
import type { AgentTool, ToolCallContext, ToolSource } from './agent-tool.js';

const ARGS_PREFIX = 'args.';

/** Pure and shared with the editor, so they live in core; still exported here for this package's users. */
export { argsPlaceholders, toolName } from '@weft/core';

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
 * A node as one tool, from its type's declaration (`toolUse`), named and given its
 * arguments by core's `toolSignature` (the editor's tools overview derives the same): the
 * declared config fields the node leaves empty, the declared inputs, and each
 * `{{args.NAME}}` written in its text fields; a call fills them in and runs the type's own
 * `run`, so its checks, the outbound guard and the sandbox apply as when the node runs in a
 * flow. Its result is the node's output (the one value, or every output by port).
 */
export function nodeTool(node: ToolSource['node'], type: NodeType): AgentTool {
  const signature = toolSignature(node, type);
  const run = type.run;
  if (!signature || !run) throw new Error(`"${node.label || node.id}" (${type.title}) cannot act as a tool`);
  const { fromConfig, fromInputs } = signature;
  const outputs = type.outputs.filter((port) => port.id !== TOOL_OUTPUT.id);

  return {
    name: signature.name,
    description: signature.description,
    parameters: signature.parameters,
    nodeId: node.id,
    async call(args, ctx: ToolCallContext) {
      const urlFields = new Set(type.toolUse?.urlFields ?? []);
      const config: Record<string, unknown> = Object.fromEntries(
        Object.entries(node.config).map(([key, value]) => [key, fillArgs(value, args, urlFields.has(key))]),
      );
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

/**
 * A config value with `{{args.NAME}}` filled from the model's arguments; other placeholders
 * stay for the node. In a URL field (`toolUse.urlFields`) each value is percent-encoded.
 */
function fillArgs(value: unknown, args: Readonly<Record<string, unknown>>, url = false): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const arg = (path: string) => {
      if (!path.startsWith(ARGS_PREFIX)) return undefined;
      const given = args[path.slice(ARGS_PREFIX.length)];
      return url && given !== undefined && given !== null ? encodeURIComponent(String(given)) : given;
    };
    return renderTemplate(value, arg, { onMissing: 'keep' });
  }
  if (Array.isArray(value)) return value.map((item) => fillArgs(item, args, url));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillArgs(item, args, url)]));
  return value;
}

/** The same tool, each call of it waiting for a person's approval. */
function withApproval(tool: AgentTool): AgentTool {
  const { name, description, parameters, nodeId } = tool;
  return { name, description, parameters, nodeId, requireApproval: true, call: (args, ctx) => tool.call(args, ctx) };
}

/** Names made unique in order: a repeat gets `_2`, `_3` (cut to stay within 64). */
export function uniqueToolNames(tools: readonly AgentTool[]): AgentTool[] {
  const names = uniqueNames(tools.map((tool) => tool.name));
  return tools.map((tool, index) => {
    const name = names[index] ?? tool.name;
    if (name === tool.name) return tool;
    const approval = tool.requireApproval ? { requireApproval: true } : {};
    return { name, description: tool.description, parameters: tool.parameters, nodeId: tool.nodeId, ...approval, call: (args, ctx) => tool.call(args, ctx) };
  });
}
