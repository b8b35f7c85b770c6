/*
 * Words for what an API key may call and what an MCP tool takes: pure, so Settings' API
 * keys and MCP sections read alike and the wording is tested (key-scope.test.ts).
 */

/** How many workflow names a key's line spells out before it counts the rest. */
const NAMES_SHOWN = 2;

/** "Every workflow", "Only Echo", "Only Echo and Look up order", "Only Echo, Look up order and 3 more". */
export function scopeSummary(workflowIds: readonly string[] | null, nameOf: (id: string) => string | undefined): string {
  if (workflowIds === null) return 'Every workflow';
  const names = workflowIds.map((id) => nameOf(id) ?? 'a deleted workflow');
  if (names.length <= NAMES_SHOWN) return `Only ${names.join(' and ')}`;
  return `Only ${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}

/** A tool's arguments in a line: "question (required), note"; none: "no arguments". */
export function argumentSummary(schema: { properties?: Record<string, unknown>; required?: readonly string[] }): string {
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return 'no arguments';
  const required = new Set(schema.required ?? []);
  return names.map((name) => (required.has(name) ? `${name} (required)` : name)).join(', ');
}

/** A tool name as MCP clients take it (the server's rule, said before it refuses). */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The snippet an MCP client's settings take (Claude Desktop, Cursor and others read this shape). */
export function clientConfig(endpoint: string): string {
  return JSON.stringify({ mcpServers: { weft: { url: endpoint, headers: { Authorization: 'Bearer wk_…' } } } }, null, 2);
}
