import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { secretNameSchema, secretValueSchema } from '../../secrets/secret-rules.js';
import type { SecretResult, SecretSummary, SecretsService } from '../../secrets/secrets.service.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface SecretsRoutesDeps {
  secrets: SecretsService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const createBody = z.object({ name: secretNameSchema, value: secretValueSchema });
const updateBody = z.object({ name: secretNameSchema.optional(), value: secretValueSchema.optional() });

const notFoundMessage = 'Secret not found';

function unwrap(result: SecretResult): SecretSummary {
  if (result.ok) return result.secret;
  switch (result.reason) {
    case 'not_found':
      throw notFound(notFoundMessage);
    case 'duplicate':
      throw conflict(`You already have a secret named ${result.name}. Pick another name, or replace that secret's value.`, 'duplicate_name');
    case 'empty':
      throw badRequest('Send a new value, a new name, or both', 'invalid_input');
  }
}

/**
 * Secrets, signed in and own only (another user's answers 404). No answer ever carries a
 * value: only names and last four characters; request logs carry no bodies (logger.ts).
 */
export function secretsRoutes(app: FastifyInstance, deps: SecretsRoutesDeps): void {
  const { secrets } = deps;

  app.get('/api/secrets', async (request) => {
    const { user } = requireAuth(request);
    return { secrets: await secrets.list(user.id) };
  });

  app.post('/api/secrets', async (request, reply) => {
    const { user } = requireAuth(request);
    const body = parseInput(createBody, request.body);
    const secret = unwrap(await secrets.create(user.id, body));
    return reply.code(201).send({ secret });
  });

  app.put('/api/secrets/:id', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateBody, request.body);
    return { secret: unwrap(await secrets.update(user.id, id, body)) };
  });

  app.delete('/api/secrets/:id', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await secrets.delete(user.id, id))) throw notFound(notFoundMessage);
    return reply.code(204).send();
  });
}
