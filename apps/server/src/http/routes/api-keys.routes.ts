import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ApiKeysService, MAX_KEY_WORKFLOWS } from '../../accounts/api-keys.service.js';
import { badRequest, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface ApiKeysRoutesDeps {
  apiKeys: ApiKeysService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

const WORKFLOW_IDS_MESSAGE = `workflowIds must be a list of workflow ids (at most ${MAX_KEY_WORKFLOWS}) the key may call, or null for every workflow`;
const workflowIds = z
  .array(z.string({ error: WORKFLOW_IDS_MESSAGE }).min(1).max(100), { error: WORKFLOW_IDS_MESSAGE })
  .max(MAX_KEY_WORKFLOWS, { error: WORKFLOW_IDS_MESSAGE })
  .nullable();

const createBody = z.object({
  name: z
    .string({ error: 'Give the key a name, e.g. the script that will use it' })
    .trim()
    .min(1, { error: 'Give the key a name, e.g. the script that will use it' })
    .max(100, { error: 'Key names can be at most 100 characters' }),
  /** Absent or null: the key may call every workflow, as keys always could. */
  workflowIds: workflowIds.optional(),
});
const updateBody = z.object({ workflowIds });

/**
 * The caller's API keys (docs/API.md "API keys"). Session only: a key cannot mint or
 * revoke keys, so a leaked key cannot keep itself alive (requireAuth refuses keys).
 */
export function apiKeysRoutes(app: FastifyInstance, deps: ApiKeysRoutesDeps): void {
  const { apiKeys } = deps;

  app.get('/api/api-keys', async (request) => {
    const { user } = requireAuth(request);
    return { apiKeys: await apiKeys.list(user.id) };
  });

  app.post('/api/api-keys', async (request, reply) => {
    const { user } = requireAuth(request);
    const body = parseInput(createBody, request.body);
    const created = await apiKeys.create(user.id, body.name, body.workflowIds ?? null);
    if ('problem' in created) throw badRequest(created.problem, 'invalid_input');
    // The only answer that ever carries the key; nothing in between should keep a copy.
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  // Limits a key to some workflows, or gives it every workflow again (null).
  app.patch('/api/api-keys/:id', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateBody, request.body);
    const updated = await apiKeys.setWorkflows(user.id, id, body.workflowIds);
    if (!updated) throw notFound('API key not found');
    if ('problem' in updated) throw badRequest(updated.problem, 'invalid_input');
    return { apiKey: updated };
  });

  app.delete('/api/api-keys/:id', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await apiKeys.revoke(user.id, id))) throw notFound('API key not found');
    return reply.code(204).send();
  });
}
