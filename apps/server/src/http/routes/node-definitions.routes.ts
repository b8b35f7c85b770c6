import type { FastifyInstance } from 'fastify';
import type { NodeCatalogue } from '../../services/node-catalogue.js';

export interface NodeDefinitionsRoutesDeps {
  catalogue: NodeCatalogue;
}

export function nodeDefinitionsRoutes(app: FastifyInstance, deps: NodeDefinitionsRoutesDeps): void {
  // Visitors get the built-ins, the same for everyone: a short public cache spares the
  // docs a round trip per page without keeping a new release's nodes away for long.
  // A signed-in caller's answer holds their custom node types: private, and revalidated
  // each time, so a type saved a moment ago shows at once and nobody else's browser or
  // proxy keeps it. Vary keeps a cached visitor answer from serving a signed-in request.
  app.get('/api/node-definitions', async (request, reply) => {
    const userId = request.auth?.user.id;
    reply.header('vary', 'Cookie, Authorization');
    reply.header('cache-control', userId ? 'private, no-cache' : 'public, max-age=300');
    return deps.catalogue.snapshotFor(userId);
  });
}
