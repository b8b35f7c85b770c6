import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { alertSettingsBody } from '../../alerts/alert-input.js';
import type { AlertsService } from '../../alerts/alerts.service.js';
import { badRequest, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';
import { WORKFLOW_NOT_FOUND } from './workflow-run.routes.js';

export interface AlertsRoutesDeps {
  alerts: AlertsService;
}

/** Test alerts a caller may send a minute: each may mail ten addresses. */
export const TEST_ALERTS_PER_MINUTE = 5;

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * A workflow's failure alerts (docs/API.md "Failure alerts"): where to tell someone when
 * its runs start failing or a schedule of it pauses itself, and a test send. Signed in and
 * own only, like the workflow routes: another user's workflow answers 404.
 */
export function alertsRoutes(app: FastifyInstance, deps: AlertsRoutesDeps): void {
  const { alerts } = deps;

  app.get('/api/workflows/:id/alerts', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const found = await alerts.get(user.id, id);
    if (!found) throw notFound(WORKFLOW_NOT_FOUND);
    return { alerts: found };
  });

  app.put('/api/workflows/:id/alerts', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const settings = parseInput(alertSettingsBody, request.body);
    const result = await alerts.put(user.id, id, settings);
    if (result.ok) return { alerts: result.alerts };
    if (result.reason === 'not_found') throw notFound(WORKFLOW_NOT_FOUND);
    throw badRequest(result.message, 'invalid_input');
  });

  app.delete('/api/workflows/:id/alerts', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await alerts.delete(user.id, id))) throw notFound(WORKFLOW_NOT_FOUND);
    return reply.code(204).send();
  });

  app.post('/api/workflows/:id/alerts/test', { config: { rateLimit: { max: TEST_ALERTS_PER_MINUTE, timeWindow: '1 minute' } } }, async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const result = await alerts.test(user.id, id);
    if (result === 'not_found') throw notFound(WORKFLOW_NOT_FOUND);
    if (result === 'none')
      throw badRequest('This workflow has no alert destinations yet: add an address, Slack, a webhook or an error workflow and save first.', 'no_alerts');
    return { alert: result };
  });
}
