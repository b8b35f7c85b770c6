import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../composition.js';
import type { UserRow } from '../db/schema.js';

type TargetType = 'workflow' | 'schedule' | 'secret' | 'api_key';

/** What a route's success means for the trail; `from` reads the target out of the answer. */
interface AuditedRoute {
  action: string;
  type: TargetType;
  /** The answer's object that is the target (`workflow` in `{ workflow }`); absent: the answer itself. */
  field?: string;
  /** Facts from the route's params worth keeping. */
  details?: (params: Record<string, string>) => Record<string, unknown>;
}

/**
 * The routes whose success is an audit entry, by method and route pattern. One table
 * rather than a line in each route, so every way in (the web app, a script with a token)
 * is recorded alike, and a route added later is one line here.
 */
const AUDITED: Record<string, AuditedRoute> = {
  'POST /api/workflows': { action: 'workflow.create', type: 'workflow', field: 'workflow' },
  'POST /api/workflows/import': { action: 'workflow.create', type: 'workflow', field: 'workflow', details: () => ({ via: 'import' }) },
  'POST /api/workflows/:id/duplicate': { action: 'workflow.create', type: 'workflow', field: 'workflow', details: (p) => ({ via: 'duplicate', from: p.id }) },
  'PUT /api/workflows/:id': { action: 'workflow.update', type: 'workflow', field: 'workflow' },
  'DELETE /api/workflows/:id': { action: 'workflow.delete', type: 'workflow' },
  'POST /api/workflows/:id/versions/:version/restore': {
    action: 'workflow.restore',
    type: 'workflow',
    field: 'workflow',
    details: (p) => ({ version: Number(p.version) }),
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
};

const SIGN_IN = 'POST /api/auth/login';
const DELETE_ACCOUNT = 'DELETE /api/me';

type AuditTrailServices = Pick<Services, 'audit' | 'users' | 'workflows' | 'schedules' | 'secrets' | 'apiKeys'>;

/** The name of what a delete is about to remove, read before it goes (its answer is empty). */
async function labelOf(services: AuditTrailServices, type: TargetType, userId: string, id: string): Promise<string | undefined> {
  switch (type) {
    case 'workflow':
      return (await services.workflows.get(userId, id))?.name;
    case 'schedule':
      return (await services.schedules.get(userId, id))?.name;
    case 'secret':
      return (await services.secrets.list(userId)).find((s) => s.id === id)?.name;
    case 'api_key':
      return (await services.apiKeys.list(userId)).find((k) => k.id === id)?.name;
  }
}

/** Who a sign-in route (OIDC, SAML) just signed in; it answers with a redirect, not the user. */
export interface SignedIn {
  id: string;
  email: string;
  via: 'oidc' | 'saml';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The name of what an audited delete removes, read before the handler ran. */
    auditTargetLabel: string | undefined;
    /** Set by a sign-in route that redirects: the trail records `auth.sign_in` for them. */
    signedIn: SignedIn | undefined;
  }
}

function callerOf(request: FastifyRequest): UserRow | undefined {
  if (request.auth) return request.auth.user;
  return request.apiKey?.status === 'ok' ? request.apiKey.user : undefined;
}

function parsed(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Writes the audit trail from the HTTP layer's view of each audited route: who asked
 * (session or API key; the personal workspace is theirs), from which address, and what
 * the answer says was made or changed. Only successes are entries, and failed sign-ins
 * to an existing account (in that account's trail, the actor unknown). Entries are
 * written after the answer is on its way (`recordLater`): no answer waits for them.
 */
export function registerAuditTrail(app: FastifyInstance, services: AuditTrailServices): void {
  const { audit } = services;
  app.decorateRequest('auditTargetLabel', undefined);
  app.decorateRequest('signedIn', undefined);
  const keyOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'DELETE') return;
    const route = AUDITED[keyOf(request)];
    const user = callerOf(request);
    const id = (request.params as Record<string, string> | undefined)?.id;
    if (!route || !user || !id) return;
    request.auditTargetLabel = await labelOf(services, route.type, user.id, id).catch(() => undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = keyOf(request);
    const status = reply.statusCode;
    if (key === SIGN_IN) {
      signIn(request, status, payload);
      return payload;
    }
    if (key === DELETE_ACCOUNT && status === 204 && request.auth) {
      // The personal workspace went with the account; so does its trail.
      const workspaceId = request.auth.user.id;
      audit.recordLater(async () => {
        await audit.forgetWorkspace(workspaceId);
        return [];
      });
      return payload;
    }
    const signedIn = request.signedIn;
    if (signedIn) {
      const details = { via: signedIn.via };
      audit.recordLater({ workspaceId: signedIn.id, actorUserId: signedIn.id, actorLabel: signedIn.email, action: 'auth.sign_in', details, ip: request.ip });
      return payload;
    }
    const route = AUDITED[key];
    if (!route || status < 200 || status >= 300) return payload;
    const user = callerOf(request);
    if (!user) return payload;
    const params = (request.params ?? {}) as Record<string, string>;
    const body = parsed(payload);
    const target = (route.field ? body?.[route.field] : body) as Record<string, unknown> | undefined;
    audit.recordLater({
      workspaceId: user.id,
      actorUserId: user.id,
      actorLabel: user.email,
      action: route.action,
      targetType: route.type,
      targetId: text(target?.id) ?? params.id ?? null,
      targetLabel: text(target?.name) ?? request.auditTargetLabel ?? null,
      details: {
        ...(route.details?.(params) ?? {}),
        ...(request.apiKey?.status === 'ok' ? { apiKeyId: request.apiKey.keyId } : {}),
      },
      ip: request.ip,
    });
    return payload;
  });

  function signIn(request: FastifyRequest, status: number, payload: unknown): void {
    const email = text((request.body as Record<string, unknown> | undefined)?.email);
    if (status === 200) {
      const user = parsed(payload)?.user as Record<string, unknown> | undefined;
      const id = text(user?.id);
      if (!id) return;
      audit.recordLater({ workspaceId: id, actorUserId: id, actorLabel: text(user?.email) ?? email ?? '', action: 'auth.sign_in', ip: request.ip });
      return;
    }
    if (status !== 401 || !email) return;
    // A wrong password for an account is that account's business; an unknown address is nobody's.
    audit.recordLater(async () => {
      const id = (await services.users.findByEmail(email))?.id;
      return id ? [{ workspaceId: id, actorUserId: null, actorLabel: email, action: 'auth.sign_in_failed', ip: request.ip }] : [];
    });
  }
}
