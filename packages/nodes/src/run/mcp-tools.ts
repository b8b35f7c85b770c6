import type { McpToolsConfig } from '../mcp-tools.node.js';
import type { NodeRunArgs } from '../node-services.js';
import type { McpCallResult, McpServerRef, McpToolInfo } from '../services/mcp-service.js';
import type { AgentTool, ToolsArgs } from '../tools/agent-tool.js';
import type { JsonSchema } from '../tools/json-schema.js';
import { requireResolvedSecret } from './placeholders.js';

/** Names the model may use for a tool: what every provider accepts. */
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Headers the MCP transport sets itself; a node setting one would break the protocol. */
const TRANSPORT_HEADERS = new Set(['accept', 'content-type', 'content-length', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'host']);

/** Run in a flow: the server's tools, as the agent would be offered them (name, description, arguments). */
export async function runMcpTools({ config, ctx }: NodeRunArgs<McpToolsConfig>) {
  const server = serverRef(config);
  const listed = await ctx.services.mcp.listTools(server, ctx.signal);
  ctx.log(
    `${hostOf(server.url)} offers ${listed.length} tool${listed.length === 1 ? '' : 's'}${listed.length > 0 ? `: ${listed.map((t) => t.name).join(', ')}` : ''}`,
  );
  const chosen = chooseTools(listed, config.tools, server.url);
  return { outputs: { output: chosen.map((tool) => ({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema })) } };
}

/**
 * The agent's tools from this node: the server's list, the chosen ones, each called on the
 * server with the model's arguments. Listed once per agent run, before its first model call.
 */
export async function mcpAgentTools({ node, config, ctx }: ToolsArgs): Promise<AgentTool[]> {
  const settings = config as McpToolsConfig;
  const server = serverRef(settings);
  const listed = await ctx.services.mcp.listTools(server, ctx.signal).catch((error: unknown) => {
    throw new Error(`Tool "${node.label || node.id}" could not list the tools of ${hostOf(server.url)}: ${messageOf(error)}`);
  });
  const chosen = chooseTools(listed, settings.tools, server.url);
  ctx.log(`${node.label || node.id}: ${chosen.length} tool${chosen.length === 1 ? '' : 's'} of ${hostOf(server.url)}: ${chosen.map((t) => t.name).join(', ')}`);
  return chosen.map((tool) => ({
    name: providerName(tool.name),
    description: tool.description?.trim() || tool.title?.trim() || `The ${tool.name} tool of ${hostOf(server.url)}`,
    parameters: argumentsSchema(tool.inputSchema),
    nodeId: node.id,
    async call(args, callCtx) {
      const result = await callCtx.services.mcp.callTool(server, tool.name, args, callCtx.signal);
      return resultForModel(result, tool.name);
    },
  }));
}

/** The server as the node's settings name it, credentials checked (a missing secret is named). */
export function serverRef(config: McpToolsConfig): McpServerRef {
  const url = config.url.trim();
  if (url === '') throw new Error('Server URL is required: the MCP server’s endpoint, such as https://mcp.example.com/mcp');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Server URL "${url}" is not a URL; write it whole, such as https://mcp.example.com/mcp`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Server URL must start with https:// or http://, not ${parsed.protocol}//`);
  const headers: Record<string, string> = {};
  const given = config.headers ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new Error('Headers must be an object of names and values, such as {"X-Api-Key": "{{secrets.KEY}}"}');
  for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
    if (TRANSPORT_HEADERS.has(name.toLowerCase())) throw new Error(`Header ${name} is set by the MCP transport itself; remove it from Headers`);
    if (typeof value !== 'string') throw new Error(`Header ${name} must be text, not ${value === null ? 'null' : typeof value}`);
    headers[name] = requireResolvedSecret(value, `Header ${name}`);
  }
  const token = requireResolvedSecret(config.bearerToken?.trim() ?? '', 'Bearer token');
  if (token !== '') headers.Authorization = `Bearer ${token}`;
  return { url, transport: config.transport, headers, timeoutMs: Math.trunc(config.timeoutSeconds * 1000) };
}

/** The tools the node lets the agent have: those it names (every one when it names none). */
export function chooseTools(listed: readonly McpToolInfo[], wanted: string, url: string): McpToolInfo[] {
  const names = wanted
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return [...listed];
  const byName = new Map(listed.map((tool) => [tool.name, tool]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0) {
    const offered = listed.length === 0 ? 'it offers none' : `it offers ${listed.map((tool) => tool.name).join(', ')}`;
    throw new Error(`${hostOf(url)} has no tool ${unknown.join(', ')} (${offered}); fix Tools to offer`);
  }
  return [...new Set(names)].map((name) => byName.get(name) as McpToolInfo);
}

/** A name providers accept; MCP allows dots and more (`github.search` → `github_search`). */
export function providerName(name: string): string {
  if (PROVIDER_NAME.test(name)) return name;
  const safe = name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return safe === '' || safe === '_' ? 'tool' : safe;
}

/** The server's argument schema as the agent's tools take it: always an object schema. */
function argumentsSchema(schema: Readonly<Record<string, unknown>>): JsonSchema {
  if (schema.type === 'object') return schema as JsonSchema;
  return { type: 'object', properties: {}, ...schema } as JsonSchema;
}

/**
 * What the model reads back: the structured result when there is one, else the text parts
 * (images and other media named, not passed). A result the server marks as an error is
 * thrown, so the agent tells its model the tool failed and it can try another way.
 */
export function resultForModel(result: McpCallResult, toolName: string): unknown {
  const text = result.content.map((part) => (part.type === 'text' ? part.text : `[${part.description}]`)).join('\n\n');
  if (result.isError) throw new Error(text.trim() === '' ? `${toolName} failed and did not say why` : text);
  if (result.structured !== undefined) return result.structured;
  return text;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
