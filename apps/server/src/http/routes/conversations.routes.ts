import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AgentMemoryStore, MAX_SESSION_ID_LENGTH } from '../../runs/agent-memory.js';
import { notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';
import { WORKFLOW_NOT_FOUND } from './workflow-run.routes.js';

export interface ConversationsRoutesDeps {
  memory: Pick<AgentMemoryStore, 'list' | 'turns' | 'delete' | 'owns'>;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const conversationParams = z.object({ id: z.string().min(1).max(100), sessionId: z.string().min(1).max(MAX_SESSION_ID_LENGTH) });

/**
 * A workflow's Agent conversations (docs/API.md "Agent memory"): list them, read one's turns
 * (the editor's chat panel opens it) and forget one.
 * Signed in and own only: another user's workflow, or a conversation it does not have, answers 404.
 */
export function conversationsRoutes(app: FastifyInstance, deps: ConversationsRoutesDeps): void {
  const { memory } = deps;
  const owns = (userId: string, workflowId: string) => memory.owns(userId, workflowId);

  app.get('/api/workflows/:id/conversations', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await owns(user.id, id))) throw notFound(WORKFLOW_NOT_FOUND);
    return { conversations: await memory.list(user.id, id) };
  });

  app.get('/api/workflows/:id/conversations/:sessionId', async (request) => {
    const { user } = requireAuth(request);
    const { id, sessionId } = parseInput(conversationParams, request.params);
    if (!(await owns(user.id, id))) throw notFound(WORKFLOW_NOT_FOUND);
    const turns = await memory.turns(user.id, id, sessionId);
    if (!turns) throw notFound('Conversation not found');
    return { conversation: { sessionId, turns } };
  });

  app.delete('/api/workflows/:id/conversations/:sessionId', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id, sessionId } = parseInput(conversationParams, request.params);
    if (!(await owns(user.id, id))) throw notFound(WORKFLOW_NOT_FOUND);
    if (!(await memory.delete(user.id, id, sessionId))) throw notFound('Conversation not found');
    return reply.code(204).send();
  });
}
