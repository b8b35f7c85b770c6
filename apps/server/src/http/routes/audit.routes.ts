import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditAccess } from '../../audit/audit-access.js';
import { exportPieces } from '../../audit/audit-export.js';
import { type AuditFilters, type AuditLog, MAX_AUDIT_PAGE, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../../audit/audit-log.js';
import type { WorkspacesService } from '../../workspaces/workspaces.service.js';
import { badRequest, forbidden, notFound } from '../http-error.js';
import { decodeListCursor, encodeListCursor } from '../list-cursor.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface AuditRoutesDeps {
  audit: AuditLog;
  workspaces: Pick<WorkspacesService, 'access'>;
}

const CURSOR_HINT = 'Use nextCursor from the previous page, with the same filters.';

/** `2026-11-28` or a full ISO instant; anything else says so. */
const instant = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'Use a date like 2026-11-28 or a time like 2026-11-28T09:30:00Z',
  })
  .transform((value) => new Date(value).toISOString());

const filterQuery = z.object({
  workspace: z.string().min(1).max(100).optional(),
  action: z
    .string()
    .max(64)
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'Use an action like workflow, or workflow.update')
    .optional(),
  actor: z.string().min(1).max(320).optional(),
  target: z.string().min(1).max(200).optional(),
  from: instant.optional(),
  to: instant.optional(),
});

const listQuery = filterQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE).default(50),
  cursor: z.string().max(200).optional(),
});

const exportQuery = filterQuery.extend({ format: z.enum(['csv', 'json'], { message: 'format: csv or json' }).default('csv') });

const retentionBody = z.object({
  days: z
    .number()
    .int('days: a whole number of days')
    .min(MIN_RETENTION_DAYS, `days: at least ${MIN_RETENTION_DAYS}`)
    .max(MAX_RETENTION_DAYS, `days: at most ${MAX_RETENTION_DAYS} (ten years)`),
});
const retentionQuery = z.object({ workspace: z.string().min(1).max(100).optional() });

const NOT_FOUND = 'Workspace not found';

/**
 * The workspace asked about (the caller's personal one by default) if the caller may
 * manage its trail; 404 when they are not a member, 403 saying why when their role may not.
 */
async function workspaceOf(request: FastifyRequest, workspaces: AuditRoutesDeps['workspaces'], asked: string | undefined): Promise<string> {
  const { user } = requireAuth(request);
  const workspaceId = asked ?? user.id;
  const access = await auditAccess(workspaces, user, workspaceId);
  if (access.ok) return workspaceId;
  throw access.reason === 'forbidden' ? forbidden(access.message) : notFound(NOT_FOUND);
}

function filtersOf(query: z.infer<typeof filterQuery>): AuditFilters {
  if (query.from && query.to && query.from >= query.to) throw badRequest('from must be before to', 'invalid_input');
  return { action: query.action, actor: query.actor, targetId: query.target, from: query.from, to: query.to };
}

/**
 * A workspace's audit trail (docs/API.md "Audit log"): signed in, owners and admins only
 * (audit-access.ts); a workspace you are not in answers 404, one whose
 * trail your role may not see 403. Exports stream the whole filtered
 * trail as CSV or JSON.
 */
export function auditRoutes(app: FastifyInstance, deps: AuditRoutesDeps): void {
  const { audit, workspaces } = deps;

  app.get('/api/audit', async (request) => {
    const query = parseInput(listQuery, request.query);
    const workspaceId = await workspaceOf(request, workspaces, query.workspace);
    const filters = filtersOf(query);
    const after = query.cursor === undefined ? undefined : decodeListCursor(query.cursor, 'cursor', CURSOR_HINT);
    const page = await audit.list(workspaceId, filters, { limit: query.limit, after });
    return { entries: page.entries, nextCursor: page.next ? encodeListCursor(page.next) : null };
  });

  app.get('/api/audit/export', async (request, reply) => {
    const query = parseInput(exportQuery, request.query);
    const workspaceId = await workspaceOf(request, workspaces, query.workspace);
    const filters = filtersOf(query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type(query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="weft-audit-${day}.${query.format}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportPieces(audit.all(workspaceId, filters), query.format)));
  });

  app.get('/api/audit/retention', async (request) => {
    const query = parseInput(retentionQuery, request.query);
    const workspaceId = await workspaceOf(request, workspaces, query.workspace);
    return { days: await audit.retentionDays(workspaceId) };
  });

  app.put('/api/audit/retention', async (request) => {
    const query = parseInput(retentionQuery, request.query);
    const workspaceId = await workspaceOf(request, workspaces, query.workspace);
    const { days } = parseInput(retentionBody, request.body);
    await audit.setRetentionDays(workspaceId, days);
    return { days };
  });
}
