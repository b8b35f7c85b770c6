import { ANALYTICS_EVENT_NAMES } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANALYTICS_LIMITS, type AnalyticsService } from '../../marketing/analytics.service.js';
import { parseInput } from '../validate.js';

export interface AnalyticsRoutesDeps {
  analytics: AnalyticsService;
  /** Per-IP events per minute: generous for a person browsing, tight for a script. */
  ipRateLimit: number;
}

const PARAM_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

const paramValue = z.union([z.string(), z.number(), z.boolean()], { error: 'Parameter values must be text, numbers or true/false' });

const eventBody = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, {
    error: (issue) =>
      issue.input === undefined
        ? 'Event name is required'
        : `Unknown event ${JSON.stringify(issue.input)}; expected one of ${ANALYTICS_EVENT_NAMES.join(', ')}`,
  }),
  params: z
    .record(z.string(), paramValue, { error: 'Params must be an object of text, number or true/false values' })
    .superRefine((params, ctx) => {
      const keys = Object.keys(params);
      if (keys.length > ANALYTICS_LIMITS.maxParams) ctx.addIssue({ code: 'custom', message: `At most ${ANALYTICS_LIMITS.maxParams} parameters per event` });
      for (const key of keys) {
        if (key.length > ANALYTICS_LIMITS.maxKeyLength || !PARAM_KEY.test(key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `Parameter names use letters, digits and _ (at most ${ANALYTICS_LIMITS.maxKeyLength})` });
        }
      }
    })
    .optional()
    .default({}),
  path: z.string().max(2000, 'Path is too long').optional(),
});

export function analyticsRoutes(app: FastifyInstance, deps: AnalyticsRoutesDeps): void {
  // A small body limit too: one event is a few hundred bytes.
  const limited = { bodyLimit: 16 * 1024, config: { public: true, rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };

  // The browser sends events only with analytics consent (SPEC.md section 4); the
  // server stores no IP, and the service strips e-mails and credentials from params.
  app.post('/api/analytics/events', limited, async (request, reply) => {
    const body = parseInput(eventBody, request.body);
    await deps.analytics.record({ name: body.name, params: body.params, path: body.path ?? null, userId: request.auth?.user.id ?? null });
    return reply.code(202).send({ accepted: true });
  });
}
