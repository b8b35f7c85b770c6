import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InvitationsService } from '../../workspaces/invitations.service.js';
import { ROLES } from '../../workspaces/permissions.js';
import { WorkspaceError } from '../../workspaces/workspace-error.js';
import type { WorkspacesService } from '../../workspaces/workspaces.service.js';
import { badRequest, conflict, HttpError, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface WorkspacesRoutesDeps {
  workspaces: WorkspacesService;
  invitations: InvitationsService;
  /** Invitations a minute per IP (AUTH_RATE_LIMIT): each one sends a mail. */
  ipRateLimit: number;
}

const NAME_MESSAGE = 'Give the workspace a name of 1 to 100 characters';
const name = z
  .string({ error: NAME_MESSAGE })
  .trim()
  .min(1, { error: NAME_MESSAGE })
  .max(100, { error: NAME_MESSAGE })
  // The name goes into e-mail subjects: no line breaks or other control characters.
  .regex(/^[^\p{Cc}]*$/u, { error: 'A workspace name cannot contain line breaks or control characters' });
const role = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
const id = z.string().min(1).max(100);
const workspaceParams = z.object({ id });
const memberParams = z.object({ id, userId: id });
const invitationParams = z.object({ id, invitationId: id });
const nameBody = z.object({ name });
const roleBody = z.object({ role });
const transferBody = z.object({ userId: id });
const inviteBody = z.object({ email: z.email({ error: 'Enter a valid e-mail address' }).max(320), role });
const tokenBody = z.object({ token: z.string({ error: 'The invitation link is incomplete' }).min(1).max(200) });

/** Services refuse with a WorkspaceError; the answer is its status and message. */
function answer(error: unknown): unknown {
  if (!(error instanceof WorkspaceError)) return error;
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'forbidden':
      return new HttpError(403, error.message, error.code ?? 'forbidden');
    case 'conflict':
      return conflict(error.message, error.code);
    case 'invalid':
      return badRequest(error.message, error.code);
    case 'unavailable':
      return new HttpError(503, error.message, error.code);
  }
}

/**
 * Workspaces, members, roles and invitations (docs/API.md "Workspaces"). Session only, like
 * every route that manages who may do what: `requireAuth` refuses API keys. A workspace the
 * caller is not a member of answers 404; a role without the permission 403 with what is
 * missing.
 */
export function workspacesRoutes(app: FastifyInstance, deps: WorkspacesRoutesDeps): void {
  const { workspaces, invitations } = deps;
  const route =
    <T>(handler: (request: FastifyRequest) => Promise<T>) =>
    async (request: FastifyRequest) => {
      try {
        return await handler(request);
      } catch (error) {
        throw answer(error);
      }
    };
  const me = (request: FastifyRequest) => requireAuth(request).user;

  app.get(
    '/api/workspaces',
    route(async (request) => ({ workspaces: await workspaces.list(me(request).id) })),
  );
  app.post('/api/workspaces', async (request, reply) => {
    const user = me(request);
    const body = parseInput(nameBody, request.body);
    return reply.code(201).send({ workspace: await route(() => workspaces.create(user.id, body.name))(request) });
  });
  app.get(
    '/api/workspaces/:id',
    route(async (request) => ({ workspace: await workspaces.get(me(request).id, parseInput(workspaceParams, request.params).id) })),
  );
  app.patch(
    '/api/workspaces/:id',
    route(async (request) => {
      const user = me(request);
      const { id } = parseInput(workspaceParams, request.params);
      return { workspace: await workspaces.rename(user.id, id, parseInput(nameBody, request.body).name) };
    }),
  );
  app.delete('/api/workspaces/:id', async (request, reply) => {
    const user = me(request);
    const { id } = parseInput(workspaceParams, request.params);
    await route(() => workspaces.delete(user.id, id))(request);
    return reply.code(204).send();
  });

  app.get(
    '/api/workspaces/:id/members',
    route(async (request) => ({ members: await workspaces.members(me(request).id, parseInput(workspaceParams, request.params).id) })),
  );
  app.patch(
    '/api/workspaces/:id/members/:userId',
    route(async (request) => {
      const user = me(request);
      const { id, userId } = parseInput(memberParams, request.params);
      return { members: await workspaces.changeRole(user.id, id, userId, parseInput(roleBody, request.body).role) };
    }),
  );
  app.delete('/api/workspaces/:id/members/:userId', async (request, reply) => {
    const user = me(request);
    const { id, userId } = parseInput(memberParams, request.params);
    await route(() => workspaces.removeMember(user.id, id, userId))(request);
    return reply.code(204).send();
  });
  app.post('/api/workspaces/:id/leave', async (request, reply) => {
    const user = me(request);
    const { id } = parseInput(workspaceParams, request.params);
    await route(() => workspaces.leave(user.id, id))(request);
    return reply.code(204).send();
  });
  app.post(
    '/api/workspaces/:id/transfer',
    route(async (request) => {
      const user = me(request);
      const { id } = parseInput(workspaceParams, request.params);
      return { members: await workspaces.transferOwnership(user.id, id, parseInput(transferBody, request.body).userId) };
    }),
  );

  app.get(
    '/api/workspaces/:id/invitations',
    route(async (request) => ({ invitations: await invitations.pending(me(request).id, parseInput(workspaceParams, request.params).id) })),
  );
  app.post('/api/workspaces/:id/invitations', { config: { rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } }, async (request, reply) => {
    const user = me(request);
    const { id } = parseInput(workspaceParams, request.params);
    const body = parseInput(inviteBody, request.body);
    return reply.code(201).send({ invitation: await route(() => invitations.invite(user, id, body.email, body.role))(request) });
  });
  app.delete('/api/workspaces/:id/invitations/:invitationId', async (request, reply) => {
    const user = me(request);
    const { id, invitationId } = parseInput(invitationParams, request.params);
    await route(() => invitations.revoke(user.id, id, invitationId))(request);
    return reply.code(204).send();
  });

  // The token travels in the body, not the URL, so request logs never hold a live link.
  app.post(
    '/api/workspaces/invitations/preview',
    route(async (request) => ({ invitation: await invitations.preview(me(request), parseInput(tokenBody, request.body).token) })),
  );
  app.post(
    '/api/workspaces/invitations/accept',
    route(async (request) => ({ joined: await invitations.accept(me(request), parseInput(tokenBody, request.body).token) })),
  );
}
