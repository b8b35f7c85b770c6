import { customNodeInputSchema } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CustomNodesService } from '../../custom-nodes/custom-nodes.service.js';
import { notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface CustomNodesRoutesDeps {
  customNodes: CustomNodesService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const notFoundMessage = 'Custom node type not found';

/**
 * The caller's own node types (docs/API.md "Custom node types"): signed in, own only;
 * another user's type answers 404. Bodies pass the shared schema of `@weft/core`, so the
 * 400 names the field as the editor's dialog does.
 */
export function customNodesRoutes(app: FastifyInstance, deps: CustomNodesRoutesDeps): void {
  const { customNodes } = deps;

  app.get('/api/custom-nodes', async (request) => {
    const { user } = requireAuth(request);
    return { customNodes: await customNodes.list(user.id) };
  });

  app.get('/api/custom-nodes/:id', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const customNode = await customNodes.get(user.id, id);
    if (!customNode) throw notFound(notFoundMessage);
    return { customNode };
  });

  app.post('/api/custom-nodes', async (request, reply) => {
    const { user } = requireAuth(request);
    const input = parseInput(customNodeInputSchema, request.body);
    return reply.code(201).send({ customNode: await customNodes.create(user.id, input) });
  });

  app.put('/api/custom-nodes/:id', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    // Ownership first: another user's id answers 404 whatever the body holds.
    if (!(await customNodes.get(user.id, id))) throw notFound(notFoundMessage);
    const input = parseInput(customNodeInputSchema, request.body);
    const customNode = await customNodes.update(user.id, id, input);
    if (!customNode) throw notFound(notFoundMessage);
    return { customNode };
  });

  app.delete('/api/custom-nodes/:id', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await customNodes.delete(user.id, id))) throw notFound(notFoundMessage);
    return reply.code(204).send();
  });
}
