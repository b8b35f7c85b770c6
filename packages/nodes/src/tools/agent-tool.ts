import type { ExecutionNode, LogLevel, NodeRunContext } from '@weft/core';
import type { NodeType } from '../define-node.js';
import type { NodeServices } from '../node-services.js';
import type { JsonSchema } from './json-schema.js';

/**
 * The tools contract: what an Agent calls. Every tool an agent has comes from a node
 * connected to its Tools input (core tool-port.ts); the node's type says how it acts as a
 * tool, either declaratively (`toolUse.arguments`, the tool derived by node-tools.ts and
 * run through the type's own `run`) or by a `tools` function of its own (MCP Tools, which
 * lists a server's tools at run time). See the package README, "Tools".
 */
export interface AgentTool {
  /** Unique among the agent's tools; letters, digits, `_` and `-`, at most 64 (what providers accept). */
  readonly name: string;
  /** For the model: what the tool does and when to use it. */
  readonly description: string;
  /** The arguments, a JSON Schema object (`type: 'object'`, `properties`, `required`). */
  readonly parameters: JsonSchema;
  /** The workflow node the tool comes from, for the run's steps. */
  readonly nodeId: string;
  /**
   * Each call waits for a person's approval before it is made (the node's *Require
   * approval*, `ExecutionNode.requireApproval`; see `ToolApprovalService`). Set by the agent
   * from the node, for derived tools and a type's own tools alike.
   */
  readonly requireApproval?: boolean;
  /**
   * Runs the tool with the model's arguments (already checked against `parameters`). The
   * value returned goes back to the model as JSON (a string as it is). A thrown Error's
   * message goes back to the model as the tool's failure, so it can try another way; the
   * call must stop when `ctx.signal` aborts (the agent also stops waiting for it then).
   */
  call(args: Readonly<Record<string, unknown>>, ctx: ToolCallContext): Promise<unknown>;
}

/** What a tool sees while it runs: the agent's run, one call's signal, logs that name the tool. */
export interface ToolCallContext {
  readonly signal: AbortSignal;
  /** The agent's services: the outbound guard, sandbox and masking hold inside tools as in nodes. */
  readonly services: NodeServices;
  log(message: string, level?: LogLevel): void;
  /** A node run context for a tool that runs a node type's `run` (the agent's run id and node id). */
  readonly nodeContext: NodeRunContext<NodeServices>;
}

/** A node connected to an Agent's Tools input, with its type as the host knows it. */
export interface ToolSource {
  /** Config with defaults filled and `{{secrets.…}}`/`{{params.…}}` resolved, as for a node that runs. */
  readonly node: ExecutionNode;
  /** Undefined when the host does not know the type (the agent fails naming the node). */
  readonly type: NodeType | undefined;
}

/** What a node type's own `tools` function gets: its node, and the agent's context (signal, services, log). */
export interface ToolsArgs {
  readonly node: ExecutionNode;
  readonly config: Readonly<Record<string, unknown>>;
  readonly ctx: NodeRunContext<NodeServices>;
}

/**
 * A node type's own tools, for a type whose tools are known only at run time (an MCP
 * server's list). Called once per agent run, before the first model call; names are made
 * unique by the agent (a clash gets `_2`, `_3`).
 */
export type NodeTools = (args: ToolsArgs) => Promise<readonly AgentTool[]> | readonly AgentTool[];
