import type { ExecutionFilters } from './executions';
import type { ScheduleFilters } from './schedules';
import type { AuditFilters } from './useAuditLog';

/**
 * Every TanStack Query key of the web app, in one place: a hook that reads server data and
 * every change that must refresh it name the same entry here, so a key cannot be spelled
 * two ways. Lists that come in several shapes (filters, pages, one version) start with
 * their resource's root key, so invalidating the root refreshes them all.
 *
 * `api/` is the web app's one door to server data: request functions (through
 * `lib/api.ts`, the only fetch wrapper) and the hooks that cache them. Pages, the
 * dashboard, Settings and the editor import from here, never from each other.
 */
export const queryKeys = {
  workflows: ['workflows'],
  /** One workflow's kept versions; `all` is every workflow's (a retention change prunes them all). */
  workflowVersions: {
    all: ['workflow-versions'],
    list: (workflowId: string) => ['workflow-versions', workflowId],
    one: (workflowId: string, version: number) => ['workflow-versions', workflowId, version],
  },
  webhook: (workflowId: string) => ['workflow', workflowId, 'webhook'],
  /** One workflow's Agent conversations (memory); `one` is a conversation's turns. */
  conversations: {
    list: (workflowId: string) => ['workflow', workflowId, 'conversations'],
    one: (workflowId: string, sessionId: string) => ['workflow', workflowId, 'conversations', sessionId],
  },
  /** One workflow's failure-alert settings, streak and last alert. */
  alerts: (workflowId: string) => ['workflow', workflowId, 'alerts'],
  /** One workflow's token use and cost over its stored runs. */
  workflowUsage: (workflowId: string) => ['workflow', workflowId, 'usage'],
  executions: {
    all: ['executions'],
    list: (filters: ExecutionFilters) => ['executions', filters],
    /** An infinite query must not share a key with a plain one. */
    pages: (filters: Omit<ExecutionFilters, 'before'>) => ['executions', 'pages', filters],
    /** One execution's tool calls that waited for approval (the run banner's Approve and Reject). */
    approvals: (executionId: string) => ['executions', executionId, 'approvals'],
  },
  nodeDefinitions: ['node-definitions'],
  customNodes: ['custom-nodes'],
  files: ['files'],
  collections: ['collections'],
  /** One workflow's schedules, or every schedule of the user (`null`); the dashboard's pages of them. */
  schedules: {
    all: ['schedules'],
    list: (workflowId: string | null) => ['schedules', workflowId ?? 'all'],
    pagesAll: ['schedules', 'pages'],
    pages: (filters: ScheduleFilters) => ['schedules', 'pages', filters],
  },
  /** Changed by uploads and by deleted files and collections. */
  usage: ['usage'],
  /** The API's `{ secrets }` answer, read by Settings and the editor's secret picker alike. */
  secrets: ['secrets'],
  apiKeys: ['api-keys'],
  /** The workflows offered to MCP clients, and the endpoint's address. */
  mcpTools: ['mcp-tools'],
  notifications: ['me', 'notifications'],
  versionRetention: ['me', 'version-retention'],
  authProviders: ['auth', 'providers'],
  /** A workspace's audit trail (`null`: the personal one): pages per set of filters, and its retention. */
  audit: {
    all: ['audit'],
    pages: (workspaceId: string | null, filters: AuditFilters) => ['audit', workspaceId ?? 'personal', 'pages', filters],
    retention: (workspaceId: string | null) => ['audit', workspaceId ?? 'personal', 'retention'],
  },
  /** The caller's workspaces; `one` holds a workspace's members and invitations; `invitation` an invitation link's preview. */
  workspaces: {
    all: ['workspaces'],
    one: (workspaceId: string) => ['workspaces', workspaceId],
    members: (workspaceId: string) => ['workspaces', workspaceId, 'members'],
    invitations: (workspaceId: string) => ['workspaces', workspaceId, 'invitations'],
    invitation: (token: string) => ['workspace-invitation', token],
  },
} as const;
