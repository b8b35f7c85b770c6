import { CONVERSIONS, type Conversion, DATA_TYPES, type DataType, type NodeDefinition } from '@weft/core';
import type { NodeRegistry } from '@weft/nodes';
import type { FastifyInstance } from 'fastify';

export interface NodeDefinitionsRoutesDeps {
  nodes: NodeRegistry;
}

/** What `GET /api/node-definitions` answers: everything the editor builds its library from. */
export interface NodeCatalogueSnapshot {
  definitions: readonly NodeDefinition[];
  dataTypes: readonly DataType[];
  conversions: readonly Conversion[];
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
    // Node types carry `run` and `migrate` functions; JSON drops them, so only the
    // declarative part reaches the browser.
    const snapshot: NodeCatalogueSnapshot = { definitions: (await deps.nodes.forUser(userId)).all, dataTypes: DATA_TYPES, conversions: CONVERSIONS };
    return snapshot;
  });
}
