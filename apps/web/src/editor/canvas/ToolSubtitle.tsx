import { TOOL_OUTPUT, toolName } from '@weft/core';
import { WrenchIcon } from '../../components/ui/icons';
import { useEditorStore } from '../store/editor.store';

/**
 * A card's second line for a node type that can be a tool: its usual subtitle, or, once
 * its Tool output is connected to an Agent, "Tool · look_up_order" (the name the model
 * calls it by; a clash with the agent's other tools gets `_2`, shown in the Agent's
 * settings). Only cards of such types subscribe, to one boolean read from a set built
 * once per edges array (not a scan of the edges per card per store change); the card
 * keeps its height (node-geometry.ts).
 */
export function ToolSubtitle({ nodeId, label, subtitle, atRunTime }: { nodeId: string; label: string; subtitle: string; atRunTime: boolean }) {
  const lent = useEditorStore((s) => lentTools(s.edges).has(nodeId));
  if (!lent) return <div className="truncate text-[11px] leading-4 text-subtle">{subtitle}</div>;
  return (
    <div className="flex min-w-0 items-center gap-1 text-[11px] leading-4 text-info" data-testid="node-tool-badge" title="An Agent calls this node as a tool">
      <WrenchIcon size={11} className="shrink-0" />
      <span className="shrink-0 font-medium">Tool</span>
      <span aria-hidden="true">·</span>
      {/* A node whose tools come at run time (MCP Tools, Run Workflow) has no one name: its type says what it is. */}
      {atRunTime ? <span className="min-w-0 truncate">{subtitle}</span> : <code className="min-w-0 truncate font-mono">{toolName(label)}</code>}
    </div>
  );
}

let cachedEdges: readonly { source: string; sourceHandle?: string | null }[] | null = null;
let cachedLent: ReadonlySet<string> = new Set();

/** The nodes whose Tool output is connected, for the store's current edges (one pass per change of them). */
function lentTools(edges: readonly { source: string; sourceHandle?: string | null }[]): ReadonlySet<string> {
  if (edges !== cachedEdges) {
    cachedEdges = edges;
    cachedLent = new Set(edges.filter((edge) => edge.sourceHandle === TOOL_OUTPUT.id).map((edge) => edge.source));
  }
  return cachedLent;
}
