import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Services } from '../services/services.js';
import { registerErrorHandler } from './error-handler.js';
import { authRoutes } from './routes/auth.routes.js';
import { registerSessionAuth } from './session-auth.js';
import { registerSpa } from './spa.js';

export interface AppOptions {
  config: Config;
  services: Services;
  logger: Logger;
}

/**
 * Registers plugins and routes but never listens: `main.ts` listens, tests `inject()`.
 * Routes are thin: validate, call a service, shape the answer.
 */
export async function buildApp({ config, services, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  });
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerSessionAuth(app, services.sessions);

  app.get('/api/health', async () => ({ ok: true }));
  authRoutes(app, {
    auth: services.auth,
    sessions: services.sessions,
    emailLimiter: services.emailLimiter,
    secureCookies: config.secureCookies,
    ipRateLimit: config.authRateLimit,
  });

  await registerSpa(app, config.webDir);
  return app;
}
