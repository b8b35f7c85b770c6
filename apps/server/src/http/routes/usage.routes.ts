import type { UsageSummary } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import type { UsageService } from '../../accounts/usage.service.js';
import { requireCaller } from '../caller-auth.js';

export interface UsageRoutesDeps {
  usage: Pick<UsageService, 'summary'>;
}

/** `GET /api/me/usage`: the caller's own usage against the per-user quotas (docs/API.md "Account"). */
export function usageRoutes(app: FastifyInstance, deps: UsageRoutesDeps): void {
  app.get('/api/me/usage', async (request): Promise<UsageSummary> => {
    const { user } = requireCaller(request, { allowApiKey: true });
    return deps.usage.summary(user.id);
  });
}
