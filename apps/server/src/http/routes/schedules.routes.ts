import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  backfillScheduleBody,
  createScheduleBody,
  pauseScheduleBody,
  triggerScheduleBody,
  unknownFieldsMessage,
  updateScheduleBody,
} from '../../schedules/schedule-input.js';
import type { ScheduleActionResult, ScheduleResult, SchedulesService } from '../../schedules/schedules.service.js';
import { requireCaller } from '../caller-auth.js';
import { acceptEmptyJsonBodies } from '../empty-json-body.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { decodeListCursor, encodeListCursor } from '../list-cursor.js';
import { parseInput } from '../validate.js';

export interface SchedulesRoutesDeps {
  schedules: SchedulesService;
}

export const SCHEDULE_NOT_FOUND = 'Schedule not found';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** A list page holds 100 schedules unless asked otherwise (WEFT_SCHEDULES_PER_USER's default, so one page is usually all), at most 500. */
export const SCHEDULE_PAGE = { default: 100, max: 500 } as const;
const LIMIT_HINT = `Give a whole number from 1 to ${SCHEDULE_PAGE.max}, or leave it out for ${SCHEDULE_PAGE.default}`;
const CURSOR_HINT = 'Pass the X-Next-Cursor header of the previous page, or leave cursor out for the first page.';

const listQuery = z.object({
  workflow_id: z.string().min(1).max(100).optional(),
  status: z.enum(['enabled', 'paused'], { error: 'Give enabled or paused, or leave status out for both' }).optional(),
  limit: z.coerce
    .number({ error: LIMIT_HINT })
    .int({ error: LIMIT_HINT })
    .min(1, { error: LIMIT_HINT })
    .max(SCHEDULE_PAGE.max, { error: LIMIT_HINT })
    .default(SCHEDULE_PAGE.default),
  cursor: z.string().max(400).optional(),
});

/** Like parseInput, but an unknown field is named with the list of known ones. */
function parseSchedule<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send the schedule as a JSON object, e.g. { "workflowId": "…", "cron": "0 9 * * 1-5" }', 'invalid_input');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') throw badRequest(unknownFieldsMessage(issue.keys), 'invalid_input');
  return parseInput(schema, body);
}

/** A trigger or backfill answer, or its refusal. */
function unwrapAction<T>(result: ScheduleActionResult<T>): T {
  if (result.ok) return result.value;
  if (result.reason === 'not_found') throw notFound(SCHEDULE_NOT_FOUND);
  throw badRequest(result.message, 'invalid_schedule');
}

function unwrap(result: ScheduleResult) {
  if (result.ok) return result.schedule;
  if (result.reason === 'not_found') throw notFound(SCHEDULE_NOT_FOUND);
  // One schedule too many is not a mistake in the body: the same request works once one is deleted.
  if (result.reason === 'limit') throw conflict(result.message, 'schedule_limit');
  throw badRequest(result.message, 'invalid_schedule');
}

/**
 * The schedule service of SPEC.md §7 (docs/API.md "Schedules"): a session (with CSRF) or an
 * API key, like the run route. Another user's schedule answers 404. Pause and resume take
 * no body (SPEC.md's client sends `Content-Type: application/json` with none).
 */
export function schedulesRoutes(root: FastifyInstance, deps: SchedulesRoutesDeps): void {
  root.register(async (app) => {
    acceptEmptyJsonBodies(app);
    routes(app, deps);
  });
}

function routes(app: FastifyInstance, deps: SchedulesRoutesDeps): void {
  const { schedules } = deps;

  // A bare array (SPEC.md §7), a page at a time: the next page's cursor comes in headers.
  app.get('/api/schedules', async (request, reply) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const query = parseInput(listQuery, request.query);
    const after = query.cursor === undefined ? undefined : decodeListCursor(query.cursor, 'cursor', CURSOR_HINT);
    const enabled = query.status === undefined ? undefined : query.status === 'enabled';
    const page = await schedules.list(caller.user.id, { workflowId: query.workflow_id, enabled, after, limit: query.limit });
    if (page.next) {
      const cursor = encodeListCursor(page.next);
      const next = new URLSearchParams({
        ...(query.workflow_id ? { workflow_id: query.workflow_id } : {}),
        ...(query.status ? { status: query.status } : {}),
        limit: String(query.limit),
        cursor,
      });
      reply.header('x-next-cursor', cursor).header('link', `</api/schedules?${next}>; rel="next"`);
    }
    return page.schedules;
  });

  app.post('/api/schedules', async (request, reply) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const body = parseSchedule(createScheduleBody, request.body);
    return reply.code(201).send(unwrap(await schedules.create(caller.user.id, body)));
  });

  app.get('/api/schedules/:id', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const schedule = await schedules.get(caller.user.id, id);
    if (!schedule) throw notFound(SCHEDULE_NOT_FOUND);
    return schedule;
  });

  app.put('/api/schedules/:id', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const body = parseSchedule(updateScheduleBody, request.body);
    return unwrap(await schedules.update(caller.user.id, id, body));
  });

  app.post('/api/schedules/:id/pause', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    // No body (SPEC.md), or { note } saying why: shown under its name while paused.
    const body = parseInput(pauseScheduleBody, request.body ?? undefined);
    return unwrap(await schedules.pause(caller.user.id, id, body?.note));
  });

  app.post('/api/schedules/:id/trigger', async (request, reply) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(triggerScheduleBody, request.body ?? undefined);
    return reply.code(202).send(unwrapAction(await schedules.trigger(caller.user.id, id, body?.overlapPolicy)));
  });

  app.post('/api/schedules/:id/backfill', async (request, reply) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(backfillScheduleBody, request.body);
    return reply.code(202).send(unwrapAction(await schedules.backfill(caller.user.id, id, body)));
  });

  app.post('/api/schedules/:id/resume', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    return unwrap(await schedules.resume(caller.user.id, id));
  });

  app.delete('/api/schedules/:id', async (request, reply) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    if (!(await schedules.delete(caller.user.id, id))) throw notFound(SCHEDULE_NOT_FOUND);
    return reply.code(204).send();
  });

  app.get('/api/schedules/:id/ticks', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const ticks = await schedules.ticks(caller.user.id, id);
    if (!ticks) throw notFound(SCHEDULE_NOT_FOUND);
    return { ticks };
  });
}
