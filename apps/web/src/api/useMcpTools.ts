import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';
import { workflowPath } from './workflows';

/** docs/API.md "MCP": a workflow its owner offers to MCP clients as a tool. */
export interface McpTool {
  workflowId: string;
  workflowName: string;
  /** What clients call it: `[A-Za-z0-9_-]{1,64}`, unique among the owner's tools. */
  name: string;
  /** The owner's words; empty: clients read `effectiveDescription`. */
  description: string;
  effectiveDescription: string;
  /** The arguments' JSON Schema: the workflow's run inputs, each a text. */
  inputSchema: { properties?: Record<string, { title?: string; default?: string }>; required?: string[] };
  createdAt: string;
  updatedAt: string;
}

export interface McpTools {
  /** Where MCP clients connect: `<PUBLIC_URL>/api/mcp`. */
  endpoint: string;
  tools: McpTool[];
}

/** GET /api/mcp/tools, and PUT/DELETE /api/workflows/:id/mcp to offer a workflow, rename it or withdraw it. */
export function useMcpTools() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.mcpTools,
    queryFn: ({ signal }) => api<McpTools>('/api/mcp/tools', { signal }),
  });
  const replace = (tool: McpTool | null, workflowId: string) =>
    queryClient.setQueryData<McpTools>(queryKeys.mcpTools, (before) => {
      if (!before) return before;
      const others = before.tools.filter((t) => t.workflowId !== workflowId);
      const tools = tool ? [...others, tool].sort((a, b) => a.name.localeCompare(b.name)) : others;
      return { ...before, tools };
    });
  const expose = useMutation({
    mutationFn: ({ workflowId, change }: { workflowId: string; change: { name?: string; description?: string } }) =>
      api<{ tool: McpTool }>(`${workflowPath(workflowId)}/mcp`, { method: 'PUT', body: change }),
    onSuccess: ({ tool }, { change }) => {
      replace(tool, tool.workflowId);
      toast.success(Object.keys(change).length === 0 ? `“${tool.workflowName}” is offered as the tool ${tool.name}` : `Tool ${tool.name} saved`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not offer the workflow as a tool.')),
  });
  const withdraw = useMutation({
    mutationFn: (tool: McpTool) => api(`${workflowPath(tool.workflowId)}/mcp`, { method: 'DELETE' }),
    onSuccess: (_answer, tool) => {
      replace(null, tool.workflowId);
      toast.success(`“${tool.workflowName}” is no longer offered to MCP clients`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not withdraw the tool.')),
  });
  return { query, expose, withdraw };
}
