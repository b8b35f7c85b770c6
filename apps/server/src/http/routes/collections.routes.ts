import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { VectorStore } from '../../vectors/vector-store.js';
import { notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface CollectionsRoutesDeps {
  vectors: Pick<VectorStore, 'list' | 'delete'>;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The vector store's collections, for Settings: list and delete, signed in and own only
 * (another user's collection answers 404). Embed & Store makes them; there is no create.
 */
export function collectionsRoutes(app: FastifyInstance, deps: CollectionsRoutesDeps): void {
  const { vectors } = deps;

  app.get('/api/collections', async (request) => {
    const { user } = requireAuth(request);
    return { collections: await vectors.list(user.id) };
  });

  app.delete('/api/collections/:id', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await vectors.delete(user.id, id))) throw notFound('Collection not found');
    return reply.code(204).send();
  });
}
