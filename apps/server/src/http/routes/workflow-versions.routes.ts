import { VERSION_RETENTION_LIMITS } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { WorkflowVersionsService } from '../../workflows/workflow-versions.service.js';
import type { WorkflowsService } from '../../workflows/workflows.service.js';
import { notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';
import { unwrap, versionNotKept } from './workflows.routes.js';

export interface WorkflowVersionsRoutesDeps {
  workflows: WorkflowsService;
  versions: WorkflowVersionsService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const versionParams = idParams.extend({
  version: z.coerce.number({ error: 'version must be a whole number' }).int('version must be a whole number').positive('version must be 1 or more'),
});
const restoreBody = z.object({
  baseVersion: z.number({ error: 'baseVersion is required: send the version of the workflow you have open' }).int().positive(),
});

const { count, days } = VERSION_RETENTION_LIMITS;
const retentionBody = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('all') }),
    z.object({
      mode: z.literal('count'),
      amount: z
        .number({ error: 'amount is required: how many versions of each workflow to keep' })
        .int('Keep a whole number of versions')
        .min(count.min, `Keep at least ${count.min} version`)
        .max(count.max, `Keep at most ${count.max.toLocaleString('en')} versions, or choose "Keep all"`),
    }),
    z.object({
      mode: z.literal('days'),
      amount: z
        .number({ error: 'amount is required: for how many days to keep versions' })
        .int('Keep versions for a whole number of days')
        .min(days.min, `Keep versions for at least ${days.min} day`)
        .max(days.max, `Keep versions for at most ${days.max.toLocaleString('en')} days, or choose "Keep all"`),
    }),
  ],
  { error: 'mode must be "all", "count" or "days"' },
);

const notFoundMessage = 'Workflow not found';

/**
 * Version history (docs/API.md "Version history"): a workflow's kept versions, one with its
 * diff to the current workflow, restore as a new save, and the caller's retention rule.
 * Signed in and own only, like the workflow routes: another user's workflow answers 404.
 */
export function workflowVersionsRoutes(app: FastifyInstance, deps: WorkflowVersionsRoutesDeps): void {
  const { workflows, versions } = deps;

  app.get('/api/workflows/:id/versions', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const list = await versions.list(user.id, id);
    if (!list) throw notFound(notFoundMessage);
    return { versions: list };
  });

  app.get('/api/workflows/:id/versions/:version', async (request) => {
    const { user } = requireAuth(request);
    const { id, version } = parseInput(versionParams, request.params);
    const detail = await versions.detail(user.id, id, version);
    if (detail === 'no_workflow') throw notFound(notFoundMessage);
    if (detail === 'no_version') throw notFound(versionNotKept(version));
    return { version: detail };
  });

  app.post('/api/workflows/:id/versions/:version/restore', async (request) => {
    const { user } = requireAuth(request);
    const { id, version } = parseInput(versionParams, request.params);
    const { baseVersion } = parseInput(restoreBody, request.body);
    return { workflow: unwrap(await workflows.restore(user.id, id, version, baseVersion)) };
  });

  app.get('/api/me/version-retention', async (request) => {
    const { user } = requireAuth(request);
    return { retention: await versions.retention(user.id) };
  });

  app.put('/api/me/version-retention', async (request) => {
    const { user } = requireAuth(request);
    return versions.setRetention(user.id, parseInput(retentionBody, request.body));
  });
}
