import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../composition.js';
import type { UserRow } from '../db/schema.js';
import { AUDITED_ROUTES, type RouteOutcome, type TargetType } from './audited-routes.js';

const SIGN_IN = 'POST /api/auth/login';
const DELETE_ACCOUNT = 'DELETE /api/me';
const DELETE_WORKSPACE = 'DELETE /api/workspaces/:id';

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
    case 'member':
      return (await services.users.findById(id))?.email;
    default:
      return undefined;
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

/** The workspace a delete just removed: the account's personal one, or a team workspace. */
function goneWorkspace(key: string, request: FastifyRequest): string | undefined {
  if (key === DELETE_ACCOUNT) return request.auth?.user.id;
  if (key === DELETE_WORKSPACE) return (request.params as Record<string, string>).id;
  return undefined;
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
    const route = AUDITED_ROUTES[keyOf(request)];
    const user = callerOf(request);
    const id = (request.params as Record<string, string> | undefined)?.[route?.targetParam ?? 'id'];
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
    // A workspace that is gone takes its trail along: a personal one goes with its account.
    const gone = status === 204 ? goneWorkspace(key, request) : undefined;
    if (gone) {
      audit.recordLater(async () => {
        await audit.forgetWorkspace(gone);
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
    const route = AUDITED_ROUTES[key];
    if (!route || status < 200 || status >= 300) return payload;
    const user = callerOf(request);
    if (!user) return payload;
    const outcome: RouteOutcome = {
      params: (request.params ?? {}) as Record<string, string>,
      query: (request.query ?? {}) as Record<string, string>,
      body: request.body as Record<string, unknown> | undefined,
      answer: parsed(payload),
    };
    const object = (route.field ? outcome.answer?.[route.field] : outcome.answer) as Record<string, unknown> | undefined;
    const target = route.target?.(outcome) ?? { id: text(object?.id), label: text(object?.name) };
    audit.recordLater({
      workspaceId: route.workspace?.(outcome) ?? user.id,
      actorUserId: user.id,
      actorLabel: user.email,
      action: route.action,
      targetType: route.type,
      targetId: target.id ?? outcome.params[route.targetParam ?? 'id'] ?? null,
      targetLabel: target.label ?? request.auditTargetLabel ?? null,
      details: {
        ...(route.details?.(outcome) ?? {}),
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
