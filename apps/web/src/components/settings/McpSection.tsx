import type { WorkflowSummary } from '@weft/core';
import { type McpTool, useMcpTools } from '../../api/useMcpTools';
import { useWorkflowList } from '../../api/useWorkflowList';
import { toast } from '../../stores/toast.store';
import { CopyField } from '../ui/CopyField';
import { InlineEdit } from '../ui/InlineEdit';
import { WorkflowIcon } from '../ui/icons';
import { Switch } from '../ui/Switch';
import { argumentSummary, clientConfig, TOOL_NAME_PATTERN } from './key-scope';
import { SettingsListEmpty, SettingsListError, SettingsListSkeleton } from './SettingsListStates';
import { SettingsSection } from './SettingsSection';

/** Settings → MCP: the endpoint MCP clients connect to, and which workflows it offers (docs/API.md "MCP"). */
export function McpSection() {
  return (
    <SettingsSection
      id="mcp"
      title="MCP"
      description="Let MCP clients such as Claude Desktop, Cursor or another agent call your workflows as tools. A tool’s arguments are the workflow’s run inputs; its answer is what the Output node receives. Each call is an ordinary run in your history."
    >
      <McpManager />
    </SettingsSection>
  );
}

function McpManager() {
  const { query, expose, withdraw } = useMcpTools();
  const workflows = useWorkflowList();
  if (query.isPending || workflows.isPending) return <SettingsListSkeleton what="workflows" />;
  if (query.isError) return <SettingsListError what="MCP tools" query={query} />;
  if (workflows.isError) return <SettingsListError what="workflows" query={workflows} />;
  const { endpoint, tools } = query.data;
  const toolOf = new Map(tools.map((tool) => [tool.workflowId, tool]));
  return (
    <div className="space-y-5">
      <CopyField label="Endpoint" value={endpoint} copiedMessage="MCP endpoint copied" hint="Streamable HTTP. Send an API key as the Authorization header." />
      <details className="text-sm text-muted">
        <summary className="cursor-pointer font-medium text-ink">Client settings</summary>
        <p className="mt-2">Most clients take a server like this; put an API key in place of wk_…, one limited to the workflows the client should call.</p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-surface-2 p-3 font-mono text-xs text-ink">{clientConfig(endpoint)}</pre>
      </details>
      {workflows.data.length === 0 ? (
        <SettingsListEmpty Icon={WorkflowIcon}>No workflows yet. Build one, then offer it here.</SettingsListEmpty>
      ) : (
        <ul aria-label="Workflows offered to MCP clients" className="divide-y divide-line rounded-lg border border-line">
          {workflows.data.map((workflow) => (
            <ToolRow
              key={workflow.id}
              workflow={workflow}
              tool={toolOf.get(workflow.id)}
              busy={
                (expose.isPending && expose.variables?.workflowId === workflow.id) || (withdraw.isPending && withdraw.variables?.workflowId === workflow.id)
              }
              onOffer={(change) => expose.mutate({ workflowId: workflow.id, change })}
              onWithdraw={(tool) => withdraw.mutate(tool)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ToolRow({
  workflow,
  tool,
  busy,
  onOffer,
  onWithdraw,
}: {
  workflow: WorkflowSummary;
  tool: McpTool | undefined;
  busy: boolean;
  onOffer(change: { name?: string; description?: string }): void;
  onWithdraw(tool: McpTool): void;
}) {
  const rename = (name: string) => {
    if (!TOOL_NAME_PATTERN.test(name)) {
      toast.error('Tool names are 1 to 64 letters, digits, _ or -, e.g. look_up_order');
      return;
    }
    onOffer({ name });
  };
  return (
    <li className="space-y-2 px-4 py-3">
      <Switch
        label={workflow.name}
        description={tool ? undefined : 'Not offered'}
        checked={tool !== undefined}
        disabled={busy}
        onChange={(on) => (on ? onOffer({}) : tool && onWithdraw(tool))}
      />
      {tool && (
        <div className="space-y-1 text-sm">
          <div className="flex items-baseline gap-2">
            <span className="shrink-0 text-xs text-muted">Tool</span>
            <InlineEdit value={tool.name} label={`Tool name of ${workflow.name}`} maxLength={64} className="font-mono text-sm text-ink" onCommit={rename} />
          </div>
          <div className="flex items-baseline gap-2">
            <span className="shrink-0 text-xs text-muted">Says</span>
            <InlineEdit
              value={tool.description || tool.effectiveDescription}
              label={`Description of ${tool.name}`}
              maxLength={1000}
              className="text-sm text-muted"
              onCommit={(description) => onOffer({ description })}
            />
          </div>
          <p className="text-xs text-muted">Arguments: {argumentSummary(tool.inputSchema)}</p>
        </div>
      )}
    </li>
  );
}
