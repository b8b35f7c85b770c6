import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { mcpAgentTools, runMcpTools } from './run/mcp-tools.js';

/** The settings of MCP Tools; its `run` and `tools` read them typed as {@link McpToolsConfig}. */
export const mcpToolsConfig = defineConfig([
  {
    kind: 'text',
    key: 'url',
    label: 'Server URL',
    required: true,
    default: '',
    placeholder: 'https://mcp.example.com/mcp',
    description: 'The MCP server’s endpoint: its Streamable HTTP address, or the SSE address of an older server.',
  },
  {
    kind: 'select',
    key: 'transport',
    label: 'Transport',
    default: 'auto',
    options: choices({ auto: 'Streamable HTTP, else SSE', 'streamable-http': 'Streamable HTTP', sse: 'SSE (older servers)' }),
  },
  { kind: 'secret', key: 'bearerToken', label: 'Bearer token', description: 'Sent as Authorization: Bearer …, from your secrets.' },
  {
    kind: 'json',
    key: 'headers',
    label: 'Headers',
    default: {},
    description: 'An object of header names and values sent with every request; {{secrets.NAME}} fills a value from your secrets.',
  },
  {
    kind: 'text',
    key: 'tools',
    label: 'Tools to offer',
    default: '',
    multiline: true,
    placeholder: 'search_issues, create_issue',
    description: 'The server’s tools the agent may call, by name, separated by commas or lines. Empty: every tool.',
  },
  { kind: 'number', key: 'timeoutSeconds', label: 'Timeout (seconds)', min: 1, max: 600, step: 1, default: 60, description: 'For each list or call.' },
]);

export type McpToolsConfig = ConfigOf<typeof mcpToolsConfig>;

/**
 * The tools of an MCP server, offered to an Agent: connected to its Tools input, each
 * chosen tool of the server becomes one of the agent's tools (listed when the agent
 * starts). Run in a flow, it lists the server's tools.
 */
export const mcpToolsNode = defineNode({
  type: 'mcp.tools',
  version: 1,
  title: 'MCP Tools',
  category: 'AI',
  description: 'Offers the tools of an MCP server to an Agent.',
  inputs: [],
  outputs: [{ id: 'output', label: 'Tool list', type: 'json' }, TOOL_OUTPUT],
  config: mcpToolsConfig,
  toolUse: { description: 'The tools of an MCP server.' },
  run: runMcpTools,
  tools: mcpAgentTools,
  docs: `Connects to an MCP (Model Context Protocol) server and lends its tools to an **Agent**: connect the **Tool** output to the agent's **Tools** input. When the agent starts, the server's tools are listed and each one you chose becomes a tool of the agent, with the name, description and arguments the server gives; the agent's model calls them as it needs.

- **Transport**: Streamable HTTP is today's MCP transport; older servers speak SSE. *Streamable HTTP, else SSE* tries the first and falls back when the server does not know it.
- **Bearer token** and **Headers** are sent with every request: put credentials in your secrets and name them, e.g. \`{"X-Api-Key": "{{secrets.GITHUB_TOKEN}}"}\`. Secret values are masked in the run log.
- **Tools to offer**: list the names you want the agent to have (a server may offer dozens, and each one costs tokens on every model call); a name the server does not have fails the agent, naming the ones it has.
- Each tool call is a step in the run log with its arguments, result and duration. A tool the server reports as failed goes back to the model as an error, so it can try another way.
- Run on its own (not connected to an agent), the node emits the server's tool list on **Tool list**, to see what a server offers.
- For safety, servers on this machine or the private network are refused, as for HTTP Request, unless the operator allows them (\`WEFT_ALLOW_PRIVATE_NETWORK=1\` or \`WEFT_ALLOWED_PRIVATE_HOSTS\`).`,
});
