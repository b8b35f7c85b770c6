import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../platform/metrics.js';
import { notFound, unauthorized } from '../http-error.js';

export interface MetricsRoutesDeps {
  metrics: Metrics;
  /** WEFT_METRICS_TOKEN: without it there is no /metrics; with it, callers send it as a bearer token. */
  token: string | undefined;
}

/** `GET /metrics` in Prometheus' text format, for a scraper that holds the token. */
export function metricsRoutes(app: FastifyInstance, deps: MetricsRoutesDeps): void {
  app.get('/metrics', async (request, reply) => {
    const registry = deps.metrics.registry;
    if (!deps.token || !registry) throw notFound('Metrics are off: set WEFT_METRICS_TOKEN to turn them on.');
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
    const expected = Buffer.from(deps.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized('Metrics need `Authorization: Bearer <WEFT_METRICS_TOKEN>`.');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
