import type { Selectable } from 'kysely';

/*
 * Table types of the agents' rooms (issue 23), beside schema.ts so that neither file
 * grows past the size cap; `Database` in schema.ts names them.
 */

/** A workflow its owner exposes as an MCP tool (migration 0019, `../mcp/`). */
export interface McpToolsTable {
  workflow_id: string;
  user_id: string;
  /** The tool's name, `[A-Za-z0-9_-]{1,64}`, unique per owner. */
  name: string;
  /** What the calling model reads; empty: the workflow document's description. */
  description: string;
  created_at: string;
  updated_at: string;
}

export type McpToolRow = Selectable<McpToolsTable>;

/** One turn of an Agent node in a conversation (migration 0020, `../runs/agent-memory.ts`). */
export interface AgentMemoryTable {
  id: string;
  workflow_id: string;
  user_id: string;
  session_id: string;
  node_id: string;
  /** The turn's place in its node's conversation, from 1. */
  seq: number;
  /** JSON: the turn's messages, as the Agent's loop keeps them. */
  messages: string;
  /** Length of `messages`, for the token budget. */
  chars: number;
  created_at: string;
}

/** An Agent's tool call that waits for its owner's decision (migration 0022, `../runs/tool-approvals.repository.ts`). */
export interface ToolApprovalsTable {
  id: string;
  execution_id: string;
  workflow_id: string;
  user_id: string;
  /** The Agent node. */
  node_id: string;
  tool_node_id: string;
  tool_name: string;
  /** The model's id of the call. */
  call_id: string;
  /** JSON, masked: the call's arguments. */
  arguments: string;
  /** JSON, masked: what the Agent needs to go on (packages/nodes `AgentPause`). */
  state: string;
  session_id: string | null;
  /** `pending`, `approved`, `rejected`, or `cancelled` (the run ended without a decision). */
  status: string;
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
  created_at: string;
}

export type ToolApprovalRow = Selectable<ToolApprovalsTable>;
