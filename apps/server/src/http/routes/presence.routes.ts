import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRESENCE_EXPIRY_MS, PRESENCE_HEARTBEAT_MS, type PresenceService } from '../../presence/presence.service.js';
import { notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface PresenceRoutesDeps {
  presence: PresenceService;
}

const sessionId = z
  .string({ error: 'sessionId is required: a random id for this editor tab' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'sessionId must be 8 to 64 letters, digits, "-" or "_"');
const heartbeatParams = z.object({ id: z.string().min(1).max(100) });
const heartbeatBody = z.object({ sessionId });
const leaveParams = z.object({ id: z.string().min(1).max(100), sessionId });

const notFoundMessage = 'Workflow not found';

/**
 * Who else has a workflow open (issue 25): each editor tab posts a heartbeat every 15 s
 * and is answered the other tabs; closing the editor deletes its entry. Only someone who
 * may see the workflow may announce or list; anyone else gets the 404 of a missing one.
 */
export function presenceRoutes(app: FastifyInstance, deps: PresenceRoutesDeps): void {
  const { presence } = deps;

  app.post('/api/workflows/:id/presence', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(heartbeatParams, request.params);
    const body = parseInput(heartbeatBody, request.body ?? {});
    const viewers = await presence.heartbeat(user.id, id, body.sessionId);
    if (!viewers) throw notFound(notFoundMessage);
    return { viewers, heartbeatSeconds: PRESENCE_HEARTBEAT_MS / 1000, expirySeconds: PRESENCE_EXPIRY_MS / 1000 };
  });

  app.delete('/api/workflows/:id/presence/:sessionId', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id, sessionId: session } = parseInput(leaveParams, request.params);
    if (!(await presence.leave(user.id, id, session))) throw notFound(notFoundMessage);
    return reply.code(204).send();
  });
}
