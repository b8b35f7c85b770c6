import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EXECUTION_STATUSES, RUN_TRIGGERS } from '../../runs/execution-types.js';
import type { RunService } from '../../runs/run.service.js';
import { mayCallWorkflow, requireCaller } from '../caller-auth.js';
import { badRequest, notFound } from '../http-error.js';
import { SseStream } from '../sse-stream.js';
import { parseInput } from '../validate.js';

export interface ExecutionsRoutesDeps {
  runs: RunService;
}

export const EXECUTION_NOT_FOUND = 'Execution not found';

const idParams = z.object({ id: z.string().min(1).max(100) });

const listQuery = z.object({
  workflowId: z.string().min(1).max(100).optional(),
  status: z.enum(EXECUTION_STATUSES, { error: `status must be one of ${EXECUTION_STATUSES.join(', ')}` }).optional(),
  trigger: z.enum(RUN_TRIGGERS, { error: `trigger must be one of ${RUN_TRIGGERS.join(', ')}` }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 100' }).int().min(1).max(100).default(20),
  before: z.string().max(400).optional(),
});

/** The list cursor: the last row's creation time and id, opaque to clients. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest('before: not a cursor this server gave out. Pass the nextCursor of the previous page.', 'invalid_input');
  }
  return { createdAt, id };
}

/** `Last-Event-ID`: the sequence number of the last event the client has. */
function lastEventIdOf(header: string | string[] | undefined): number {
  if (header === undefined || header === '') return 0;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,9}$/.test(value.trim()))
    throw badRequest('Last-Event-ID must be the id of an event this stream sent (a whole number).', 'invalid_input');
  return Number(value);
}

/**
 * Executions (docs/API.md "Running workflows"): history, detail, cancel, delete, and the
 * live event stream. Own only: another user's execution answers 404 on every route.
 */
export function executionsRoutes(app: FastifyInstance, deps: ExecutionsRoutesDeps): void {
  const { runs } = deps;
  /** Open event streams, ended when the server closes (they would hold it open). */
  const streams = new Set<SseStream>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get('/api/executions', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    const query = parseInput(listQuery, request.query);
    const before = query.before ? decodeCursor(query.before) : undefined;
    // A key limited to some workflows lists their executions only.
    const workflowIds = caller.workflowIds ?? undefined;
    // One more than asked says whether another page exists.
    const filters = { workflowId: query.workflowId, workflowIds, status: query.status, trigger: query.trigger, before, limit: query.limit + 1 };
    const rows = await runs.list(caller.user.id, filters);
    const executions = rows.slice(0, query.limit);
    const last = executions.at(-1);
    const nextCursor = rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null;
    return { executions, nextCursor };
  });

  app.get('/api/executions/:id', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    const { id } = parseInput(idParams, request.params);
    const execution = await runs.get(caller.user.id, id);
    if (!execution || !mayCallWorkflow(caller, execution.workflowId)) throw notFound(EXECUTION_NOT_FOUND);
    return { execution };
  });

  app.post('/api/executions/:id/cancel', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    const { id } = parseInput(idParams, request.params);
    if (caller.workflowIds !== null) {
      // Looked at before cancelling: a key limited to other workflows must not stop this run.
      const seen = await runs.get(caller.user.id, id);
      if (!seen || !mayCallWorkflow(caller, seen.workflowId)) throw notFound(EXECUTION_NOT_FOUND);
    }
    const execution = await runs.cancel(caller.user.id, id);
    if (!execution) throw notFound(EXECUTION_NOT_FOUND);
    return { execution };
  });

  // A new run of the execution's workflow, as saved now, with the inputs that execution was given.
  app.post('/api/executions/:id/replay', async (request, reply) => {
    const { user } = requireCaller(request, { allowApiKey: false });
    const { id } = parseInput(idParams, request.params);
    const started = await runs.replay(user.id, id);
    if (!started) throw notFound(EXECUTION_NOT_FOUND);
    if (!started.ok) {
      if (started.reason === 'not_found') throw notFound('The workflow of this execution was deleted, so it cannot be replayed');
      throw badRequest(started.message, 'invalid_workflow');
    }
    return reply.code(202).send({ execution: started.execution });
  });

  app.delete('/api/executions/:id', async (request, reply) => {
    const { user } = requireCaller(request, { allowApiKey: false });
    const { id } = parseInput(idParams, request.params);
    if (!(await runs.delete(user.id, id))) throw notFound(EXECUTION_NOT_FOUND);
    return reply.code(204).send();
  });

  app.get('/api/executions/:id/events', async (request, reply) => {
    const { user } = requireCaller(request, { allowApiKey: false });
    const { id } = parseInput(idParams, request.params);
    const after = lastEventIdOf(request.headers['last-event-id']);
    const stream = new SseStream();
    // The replay may start writing before we know the answer is a stream; SseStream holds it.
    const stop = await runs.watch(user.id, id, after, { event: (seq, event) => stream.send(seq, event), end: () => stream.end() });
    if (!stop) throw notFound(EXECUTION_NOT_FOUND);
    if (stream.isEnded && stream.isEmpty) {
      // Finished and the client has every event: 204 tells EventSource to stop reconnecting.
      stop();
      return reply.code(204).send();
    }
    reply.hijack();
    streams.add(stream);
    stream.attach(reply.raw, () => {
      stop();
      streams.delete(stream);
    });
  });
}
