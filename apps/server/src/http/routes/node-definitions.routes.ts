import type { FastifyInstance } from 'fastify';
import type { NodeCatalogue } from '../../services/node-catalogue.js';

export interface NodeDefinitionsRoutesDeps {
  catalogue: NodeCatalogue;
}

export function nodeDefinitionsRoutes(app: FastifyInstance, deps: NodeDefinitionsRoutesDeps): void {
  // Public and the same for everyone for now; a short cache spares the editor a round
  // trip per page without keeping a new release's nodes away for long.
  app.get('/api/node-definitions', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.catalogue.snapshot();
  });
}
