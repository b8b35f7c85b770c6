import type { UsageSummary, WorkflowUsage } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UsageService } from '../../accounts/usage.service.js';
import { mayCallWorkflow, requireCaller } from '../caller-auth.js';
import { notFound } from '../http-error.js';
import { parseInput } from '../validate.js';

export interface UsageRoutesDeps {
  usage: Pick<UsageService, 'summary' | 'workflowUsage'>;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * `GET /api/me/usage`: the caller's own usage against the per-user quotas (docs/API.md
 * "Account"). `GET /api/workflows/:id/usage`: one of the caller's workflows' token use and
 * cost (docs/API.md "Token use and cost"); another user's workflow answers 404, and so
 * does one an API key is not limited to.
 */
export function usageRoutes(app: FastifyInstance, deps: UsageRoutesDeps): void {
  app.get('/api/me/usage', async (request): Promise<UsageSummary> => {
    const { user } = requireCaller(request, { allowApiKey: true });
    return deps.usage.summary(user.id);
  });

  app.get('/api/workflows/:id/usage', async (request): Promise<{ usage: WorkflowUsage }> => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    const { id } = parseInput(idParams, request.params);
    const usage = mayCallWorkflow(caller, id) ? await deps.usage.workflowUsage(caller.user.id, id) : undefined;
    if (!usage) throw notFound('Workflow not found');
    return { usage };
  });
}
