/** What an audited route's entry is about. */
export type TargetType = 'workflow' | 'schedule' | 'secret' | 'api_key' | 'workspace' | 'member' | 'invitation';

/** What a successful answer tells the trail: the route's params, the request's body and the answer. */
export interface RouteOutcome {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  answer: Record<string, unknown> | undefined;
}

/** What a route's success means for the trail. */
export interface AuditedRoute {
  action: string;
  type: TargetType;
  /** The answer's object that is the target (`workflow` in `{ workflow }`); absent: the answer itself. */
  field?: string;
  /** The param naming the target (`id` unless said); a delete's target is named from it before it goes. */
  targetParam?: string;
  /** The target when neither the answer's object nor the param says it (a member in a list, an e-mail). */
  target?: (outcome: RouteOutcome) => { id?: string | undefined; label?: string | undefined };
  /** The workspace the entry belongs to; absent: the caller's personal workspace. */
  workspace?: (outcome: RouteOutcome) => string | undefined;
  /** Facts worth keeping. */
  details?: (outcome: RouteOutcome) => Record<string, unknown>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const inWorkspace = ({ params }: RouteOutcome) => params.id;
const role = ({ body }: RouteOutcome) => ({ role: text(body?.role) });
/** The member named by `userId` (param or body), with their e-mail from the answer's member list. */
const member =
  (from: 'params' | 'body') =>
  ({ params, body, answer }: RouteOutcome) => {
    const id = from === 'params' ? params.userId : text(body?.userId);
    const members = Array.isArray(answer?.members) ? (answer.members as Record<string, unknown>[]) : [];
    return { id, label: text(members.find((m) => m.userId === id)?.email) };
  };

/**
 * The routes whose success is an audit entry, by method and route pattern. One table
 * rather than a line in each route, so every way in (the web app, a script with a token)
 * is recorded alike, and a route added later is one line here.
 */
export const AUDITED_ROUTES: Readonly<Record<string, AuditedRoute>> = {
  'POST /api/workflows': { action: 'workflow.create', type: 'workflow', field: 'workflow' },
  'POST /api/workflows/import': { action: 'workflow.create', type: 'workflow', field: 'workflow', details: () => ({ via: 'import' }) },
  'POST /api/workflows/:id/duplicate': {
    action: 'workflow.create',
    type: 'workflow',
    field: 'workflow',
    details: ({ params }) => ({ via: 'duplicate', from: params.id }),
  },
  'PUT /api/workflows/:id': { action: 'workflow.update', type: 'workflow', field: 'workflow' },
  'DELETE /api/workflows/:id': { action: 'workflow.delete', type: 'workflow' },
  'POST /api/workflows/:id/versions/:version/restore': {
    action: 'workflow.restore',
    type: 'workflow',
    field: 'workflow',
    details: ({ params }) => ({ version: Number(params.version) }),
  },
  'GET /api/workflows/:id/export': { action: 'workflow.export', type: 'workflow' },
  'POST /api/schedules': { action: 'schedule.create', type: 'schedule' },
  'PUT /api/schedules/:id': { action: 'schedule.update', type: 'schedule' },
  'POST /api/schedules/:id/pause': { action: 'schedule.update', type: 'schedule', details: () => ({ change: 'pause' }) },
  'POST /api/schedules/:id/resume': { action: 'schedule.update', type: 'schedule', details: () => ({ change: 'resume' }) },
  'DELETE /api/schedules/:id': { action: 'schedule.delete', type: 'schedule' },
  'POST /api/secrets': { action: 'secret.create', type: 'secret', field: 'secret' },
  'PUT /api/secrets/:id': { action: 'secret.update', type: 'secret', field: 'secret' },
  'DELETE /api/secrets/:id': { action: 'secret.delete', type: 'secret' },
  'POST /api/api-keys': { action: 'api_key.create', type: 'api_key', field: 'apiKey' },
  'PATCH /api/api-keys/:id': { action: 'api_key.update', type: 'api_key', field: 'apiKey' },
  'DELETE /api/api-keys/:id': { action: 'api_key.revoke', type: 'api_key' },
  // The trail's own setting: who shortened it, and when.
  'PUT /api/audit/retention': {
    action: 'audit.retention_change',
    type: 'workspace',
    workspace: ({ query }) => query.workspace,
    target: () => ({}),
    details: ({ answer }) => ({ days: answer?.days }),
  },
  // Team workspaces: the entry goes to the workspace, not the caller's personal one.
  'POST /api/workspaces': {
    action: 'workspace.create',
    type: 'workspace',
    field: 'workspace',
    workspace: ({ answer }) => text((answer?.workspace as Record<string, unknown>)?.id),
  },
  'PATCH /api/workspaces/:id': { action: 'workspace.rename', type: 'workspace', field: 'workspace', workspace: inWorkspace },
  'PATCH /api/workspaces/:id/members/:userId': {
    action: 'member.role_change',
    type: 'member',
    workspace: inWorkspace,
    target: member('params'),
    details: role,
  },
  'DELETE /api/workspaces/:id/members/:userId': { action: 'member.remove', type: 'member', targetParam: 'userId', workspace: inWorkspace },
  'POST /api/workspaces/:id/leave': { action: 'member.leave', type: 'workspace', workspace: inWorkspace },
  'POST /api/workspaces/:id/transfer': { action: 'member.transfer_ownership', type: 'member', workspace: inWorkspace, target: member('body') },
  'POST /api/workspaces/:id/invitations': {
    action: 'member.invite',
    type: 'invitation',
    field: 'invitation',
    workspace: inWorkspace,
    target: ({ answer }) => {
      const invitation = answer?.invitation as Record<string, unknown> | undefined;
      return { id: text(invitation?.id), label: text(invitation?.email) };
    },
    details: role,
  },
  'DELETE /api/workspaces/:id/invitations/:invitationId': {
    action: 'member.invite_revoke',
    type: 'invitation',
    targetParam: 'invitationId',
    workspace: inWorkspace,
  },
  'POST /api/workspaces/invitations/accept': {
    action: 'member.join',
    type: 'workspace',
    workspace: ({ answer }) => text((answer?.joined as Record<string, unknown>)?.workspaceId),
    target: ({ answer }) => {
      const joined = answer?.joined as Record<string, unknown> | undefined;
      return { id: text(joined?.workspaceId), label: text(joined?.workspaceName) };
    },
    details: ({ answer }) => ({ role: text((answer?.joined as Record<string, unknown>)?.role) }),
  },
};
