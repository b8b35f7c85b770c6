import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiKeysService } from '../../accounts/api-keys.service.js';
import { notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface ApiKeysRoutesDeps {
  apiKeys: ApiKeysService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

const createBody = z.object({
  name: z
    .string({ error: 'Give the key a name, e.g. the script that will use it' })
    .trim()
    .min(1, { error: 'Give the key a name, e.g. the script that will use it' })
    .max(100, { error: 'Key names can be at most 100 characters' }),
});

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
    const { name } = parseInput(createBody, request.body);
    const created = await apiKeys.create(user.id, name);
    // The only answer that ever carries the key; nothing in between should keep a copy.
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  app.delete('/api/api-keys/:id', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await apiKeys.revoke(user.id, id))) throw notFound('API key not found');
    return reply.code(204).send();
  });
}
