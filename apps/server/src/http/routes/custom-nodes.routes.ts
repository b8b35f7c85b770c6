import { customNodeInputSchema } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readExportedCustomNodes } from '../../custom-nodes/custom-node-import.js';
import type { CustomNodesService } from '../../custom-nodes/custom-nodes.service.js';
import { LARGE_BODY_LIMIT } from '../body-guard.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface CustomNodesRoutesDeps {
  customNodes: CustomNodesService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const notFoundMessage = 'Custom node type not found';
/** Only the list's presence here; each entry is checked by `readExportedCustomNodes`. */
const importBody = z.object({ customNodes: z.array(z.unknown(), { error: 'expected a list of custom node types, as a workflow export carries them' }) });

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

  /**
   * The custom types a workflow file carries, brought into the caller's account the way
   * the workflow import does it (custom-node-import.ts), for the editor, which loads the
   * file into the open canvas. Answers which type each file id now stands for; nothing
   * is created when any entry is wrong.
   */
  app.post('/api/custom-nodes/import', { bodyLimit: LARGE_BODY_LIMIT }, async (request) => {
    const { user } = requireAuth(request);
    const body = parseInput(importBody, request.body);
    const carried = readExportedCustomNodes(body);
    if (!carried.ok) throw badRequest(carried.message, 'invalid_input');
    const imported = await customNodes.importTypes(user.id, carried.entries);
    if (!imported.ok) throw conflict(imported.message, 'import_conflict');
    const types = Object.fromEntries(carried.entries.map(({ type }) => [type, imported.plan.retype.get(type) ?? type]));
    return { types, created: imported.plan.create.length };
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
