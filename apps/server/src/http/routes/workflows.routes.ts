import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StoredWorkflow, WorkflowResult, WorkflowsService } from '../../workflows/workflows.service.js';
import { jsonDepthProblem, LARGE_BODY_LIMIT } from '../body-guard.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface WorkflowsRoutesDeps {
  workflows: WorkflowsService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

const updateBody = z.object({
  baseVersion: z.number({ error: 'baseVersion is required: send the version of the workflow you loaded' }).int().positive(),
  document: z.unknown(),
});

const notFoundMessage = 'Workflow not found';

/** A version the history does not hold: never saved, or let go by the retention rule. */
export function versionNotKept(version: number): string {
  return `Version ${version} of this workflow is not kept: it was never saved or your version retention setting removed it.`;
}

/** Maps a service result to the answer, or to the error the API documents. */
export function unwrap(result: WorkflowResult): StoredWorkflow {
  if (result.ok) return result.workflow;
  switch (result.reason) {
    case 'invalid':
      throw badRequest(result.message, 'invalid_workflow');
    case 'not_found':
      throw notFound(notFoundMessage);
    case 'stale': {
      const { currentVersion, savedBy, savedAt } = result;
      const who = savedBy ? ` by ${savedBy}` : '';
      throw conflict(
        `This workflow was changed elsewhere: version ${currentVersion} was saved${who} after you opened it. Load it again, or save yours as a new workflow.`,
        'version_conflict',
        { currentVersion, savedBy, savedAt },
      );
    }
    case 'version_not_found':
      throw notFound(versionNotKept(result.version));
  }
}

/** Stored workflows, signed in and own only: another user's workflow answers 404. */
export function workflowsRoutes(app: FastifyInstance, deps: WorkflowsRoutesDeps): void {
  const { workflows } = deps;

  app.get('/api/workflows', async (request) => {
    const { user } = requireAuth(request);
    return { workflows: await workflows.list(user.id) };
  });

  app.post('/api/workflows', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
    const { user } = requireAuth(request);
    const workflow = unwrap(await workflows.create(user.id, request.body));
    return reply.code(201).send({ workflow });
  });

  app.get('/api/workflows/:id', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const workflow = await workflows.get(user.id, id);
    if (!workflow) throw notFound(notFoundMessage);
    return { workflow };
  });

  app.put('/api/workflows/:id', { bodyLimit: LARGE_BODY_LIMIT }, async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateBody, request.body);
    return { workflow: unwrap(await workflows.update(user.id, id, body.baseVersion, body.document)) };
  });

  app.delete('/api/workflows/:id', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await workflows.delete(user.id, id))) throw notFound(notFoundMessage);
    return reply.code(204).send();
  });

  app.post('/api/workflows/:id/duplicate', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const workflow = unwrap(await workflows.duplicate(user.id, id));
    return reply.code(201).send({ workflow });
  });

  app.get('/api/workflows/:id/export', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const file = await workflows.export(user.id, id);
    if (!file) throw notFound(notFoundMessage);
    return reply.header('content-disposition', attachmentHeader(file.name)).header('cache-control', 'no-store').send(file);
  });

  // In a scope of its own so that only the import route swaps in a JSON parser whose
  // errors say what is wrong with the file (the default says only "not valid JSON").
  app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const body = String(raw);
      const tooDeep = jsonDepthProblem(body);
      if (tooDeep) return done(tooDeep);
      parseJson(request, body, (error, value) => {
        if (error) done(badRequest(describeJsonProblem(body), 'invalid_json'));
        else done(null, value);
      });
    });
    scope.post('/api/workflows/import', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
      const { user } = requireAuth(request);
      const workflow = unwrap(await workflows.import(user.id, request.body));
      return reply.code(201).send({ workflow });
    });
  });
}

function describeJsonProblem(text: string): string {
  if (text.trim() === '') return 'The file is empty; expected a Weft workflow export (JSON).';
  try {
    JSON.parse(text);
    return 'The file contains a "__proto__" or "constructor" key, which Weft refuses.';
  } catch (error) {
    return `The file is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`;
  }
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function attachmentHeader(name: string): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 80) || 'workflow';
  // encodeURIComponent leaves ' ( ) * alone, which RFC 5987 does not allow unencoded.
  const exact = encodeURIComponent(`${name}.weft.json`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${slug}.weft.json"; filename*=UTF-8''${exact}`;
}
