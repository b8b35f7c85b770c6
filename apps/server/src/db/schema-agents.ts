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
