import { type NodeDefinition, TOOL_OUTPUT } from '@weft/core';
import { useMemo } from 'react';
import { WrenchIcon } from '../../components/ui/icons';
import { Switch } from '../../components/ui/Switch';
import { useEditorStore } from '../store/editor.store';
import { type AgentToolRow, agentTools, callShape, toolRow } from './agent-tools';

const goTo = (nodeId: string) => useEditorStore.getState().selectNodes([nodeId]);

/**
 * An Agent's tools overview (issue 23): each node connected to its Tools input with the
 * name, description and arguments its model will see (core `toolSignature`, as the run
 * derives them); a click on one selects that node. With none, which node types can be
 * connected. Subscribes to one string of the derived rows, so a drag re-renders nothing.
 */
export function AgentToolsSection({ nodeId }: { nodeId: string }) {
  const text = useEditorStore((s) => JSON.stringify(agentTools(nodeId, s.nodes, s.edges, (type) => s.definitionsByType.get(type))));
  const rows = useMemo(() => JSON.parse(text) as AgentToolRow[], [text]);
  const toolTypes = useEditorStore((s) => toolTypeTitles(s.definitionsByType));
  return (
    <section aria-labelledby={`tools-${nodeId}`} data-testid="agent-tools">
      <h3 id={`tools-${nodeId}`} className="mb-2 text-[11px] font-semibold tracking-wide text-subtle uppercase">
        Tools{rows.length > 0 && <span className="ml-1.5 font-normal normal-case tabular-nums">{rows.length}</span>}
      </h3>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-2.5 text-xs leading-5 text-muted" data-testid="agent-tools-empty">
          No tools yet. Connect the <span className="font-medium text-ink">Tool</span> output of a node to this Agent’s{' '}
          <span className="font-medium text-ink">Tools</span> input, as many as you like: {toolTypes}. The model then calls it by name, and it no longer runs in
          the flow.
        </p>
      ) : (
        <ul className="space-y-2">
          {rows.map((row) => (
            <li key={row.nodeId}>
              <ToolCard row={row} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a node lent to an Agent looks like to that Agent's model, in the node's own settings. */
export function AsToolSection({ nodeId, definition }: { nodeId: string; definition: NodeDefinition }) {
  const text = useEditorStore((s) => {
    const agents = s.edges.filter((e) => e.source === nodeId && e.sourceHandle === TOOL_OUTPUT.id).map((e) => e.target);
    if (agents.length === 0) return '';
    // Named as the first agent names it (a clash with its other tools gets `_2`).
    const first = agentTools(agents[0] ?? '', s.nodes, s.edges, (type) => s.definitionsByType.get(type)).find((row) => row.nodeId === nodeId);
    const node = s.nodes.find((n) => n.id === nodeId);
    const row = first ?? (node ? toolRow(node, definition) : undefined);
    const labels = agents.map((id) => s.nodes.find((n) => n.id === id)?.data.label ?? id);
    return JSON.stringify({ row, agents: labels, agentIds: agents });
  });
  const lent = useMemo(() => (text ? (JSON.parse(text) as { row?: AgentToolRow; agents: string[]; agentIds: string[] }) : null), [text]);
  const requireApproval = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data.requireApproval === true);
  if (!lent?.row) return null;
  return (
    <section aria-label="As a tool" data-testid="as-tool">
      <h3 className="mb-2 text-[11px] font-semibold tracking-wide text-subtle uppercase">As a tool</h3>
      <p className="mb-2 text-xs leading-5 text-muted">
        {lent.agentIds.map((id, index) => (
          <span key={id}>
            {index > 0 && ', '}
            <button
              type="button"
              onClick={() => goTo(id)}
              className="font-medium text-brand hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {lent.agents[index]}
            </button>
          </span>
        ))}{' '}
        calls this node as a tool; it does not run in the flow. Fields left empty are the model’s to fill, and{' '}
        <code className="font-mono">{'{{args.name}}'}</code> in a field adds an argument.
      </p>
      <ToolCard row={lent.row} own />
      <div className="mt-3" data-testid="require-approval">
        <Switch
          label="Require approval"
          description="Each call waits for you to approve or reject it (above the canvas, or through the API); the run waits meanwhile, even across a restart."
          checked={requireApproval}
          onChange={(on) => useEditorStore.getState().setNodeRequireApproval(nodeId, on)}
        />
      </div>
    </section>
  );
}

function ToolCard({ row, own = false }: { row: AgentToolRow; own?: boolean }) {
  const head = (
    <>
      <span className="flex min-w-0 items-center gap-1.5">
        <WrenchIcon size={13} className="shrink-0 text-info" />
        <code className="min-w-0 truncate font-mono text-[12.5px] font-medium text-ink" data-testid="agent-tool-name">
          {row.atRunTime ? row.label : callShape(row)}
        </code>
      </span>
      {!own && (
        <span className="mt-0.5 block truncate pl-[19px] text-[11px] text-subtle">
          {row.atRunTime ? `${row.typeTitle}: its tools are listed when the agent runs` : `${row.label} · ${row.typeTitle}`}
        </span>
      )}
    </>
  );
  return (
    <div className="rounded-lg border border-line px-2.5 py-2" data-testid="agent-tool" data-node-id={row.nodeId}>
      {own ? (
        <div>{head}</div>
      ) : (
        <button
          type="button"
          onClick={() => goTo(row.nodeId)}
          title={`Select ${row.label}`}
          className="-mx-1 block w-[calc(100%+0.5rem)] rounded-md px-1 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
        >
          {head}
        </button>
      )}
      {row.description && <p className="mt-1.5 text-xs leading-5 text-muted">{row.description}</p>}
      {row.arguments.length > 0 && (
        <ul className="mt-1.5 space-y-0.5 text-xs" aria-label="Arguments">
          {row.arguments.map((arg) => (
            <li key={arg.name} className="flex min-w-0 gap-1.5" title={arg.description}>
              <code className="shrink-0 font-mono text-ink">
                {arg.name}
                {!arg.required && <span className="text-subtle">?</span>}
              </code>
              <span className="min-w-0 truncate font-mono text-subtle">{arg.type}</span>
            </li>
          ))}
        </ul>
      )}
      {!row.atRunTime && row.arguments.length === 0 && <p className="mt-1.5 text-xs text-subtle">No arguments: every field is filled in.</p>}
    </div>
  );
}

let cachedFrom: ReadonlyMap<string, NodeDefinition> | null = null;
let cachedTitles = '';

/** "HTTP Request, Code, …": the library's node types that can be tools (memoised on the catalogue). */
function toolTypeTitles(definitions: ReadonlyMap<string, NodeDefinition>): string {
  if (definitions !== cachedFrom) {
    cachedFrom = definitions;
    cachedTitles = [...definitions.values()]
      .filter((d) => d.toolUse && !d.hidden)
      .map((d) => d.title)
      .join(', ');
  }
  return cachedTitles;
}
