/**
 * Reaching MCP servers (the Model Context Protocol) for the MCP Tools node. The server's
 * adapter speaks the protocol with the official SDK over Streamable HTTP (or SSE, for older
 * servers), through the outbound guard, so an MCP server on the private network is refused
 * as any node's request is, unless the operator allows it.
 */

/** How to speak to the server: Streamable HTTP, the SSE transport of older servers, or the first that works. */
export type McpTransportKind = 'auto' | 'streamable-http' | 'sse';

/** One MCP server as a node names it. */
export interface McpServerRef {
  /** The endpoint: `https://…/mcp` (Streamable HTTP) or the SSE stream's URL (`…/sse`). */
  readonly url: string;
  readonly transport: McpTransportKind;
  /** Sent with every request (secrets already filled in by the host). */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole exchange (connecting, then one list or call), after which it is given up. */
  readonly timeoutMs: number;
}

/** A tool as the server lists it. */
export interface McpToolInfo {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The arguments' JSON Schema, as the server sent it. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** One content part of a tool's result, reduced to what a model can read. */
export type McpContent =
  | { readonly type: 'text'; readonly text: string }
  /** An image, audio clip or binary resource: described, not passed on (the agent's model takes text). */
  | { readonly type: 'other'; readonly description: string };

/** What a tool call answered. */
export interface McpCallResult {
  readonly content: readonly McpContent[];
  /** The result as JSON, when the server gave one (`structuredContent`). */
  readonly structured?: unknown;
  /** The server's tool reported a failure (`isError`): the content says what. */
  readonly isError: boolean;
}

export interface McpService {
  /** The server's tools (every page of `tools/list`). */
  listTools(server: McpServerRef, signal?: AbortSignal): Promise<readonly McpToolInfo[]>;
  /** Calls one tool; aborting `signal` cancels the call on the server and closes the connection. */
  callTool(server: McpServerRef, name: string, args: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<McpCallResult>;
}
