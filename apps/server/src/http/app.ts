import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Services } from '../composition.js';
import type { Config } from '../config.js';
import { PresenceService } from '../presence/presence.service.js';
import { ownerMayView } from '../presence/workflow-access.js';
import { registerAuditTrail } from './audit-trail.js';
import { DEFAULT_BODY_LIMIT, registerBodyGuard } from './body-guard.js';
import { registerApiKeyAuth } from './caller-auth.js';
import { registerCompression } from './compression.js';
import { registerErrorHandler } from './error-handler.js';
import { healthRoutes } from './health.js';
import { alertsRoutes } from './routes/alerts.routes.js';
import { analyticsRoutes } from './routes/analytics.routes.js';
import { apiKeysRoutes } from './routes/api-keys.routes.js';
import { approvalsRoutes } from './routes/approvals.routes.js';
import { auditRoutes } from './routes/audit.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { collectionsRoutes } from './routes/collections.routes.js';
import { conversationsRoutes } from './routes/conversations.routes.js';
import { customNodesRoutes } from './routes/custom-nodes.routes.js';
import { executionsRoutes } from './routes/executions.routes.js';
import { filesRoutes } from './routes/files.routes.js';
import { mcpRoutes } from './routes/mcp.routes.js';
import { meRoutes } from './routes/me.routes.js';
import { metricsRoutes } from './routes/metrics.routes.js';
import { nodeDefinitionsRoutes } from './routes/node-definitions.routes.js';
import { oidcRoutes } from './routes/oidc.routes.js';
import { passwordResetRoutes } from './routes/password-reset.routes.js';
import { presenceRoutes } from './routes/presence.routes.js';
import { samlRoutes } from './routes/saml.routes.js';
import { schedulesRoutes } from './routes/schedules.routes.js';
import { secretsRoutes } from './routes/secrets.routes.js';
import { subscriptionsRoutes } from './routes/subscriptions.routes.js';
import { usageRoutes } from './routes/usage.routes.js';
import { webhooksRoutes } from './routes/webhooks.routes.js';
import { workflowRunRoutes } from './routes/workflow-run.routes.js';
import { workflowVersionsRoutes } from './routes/workflow-versions.routes.js';
import { workflowsRoutes } from './routes/workflows.routes.js';
import { workspacesRoutes } from './routes/workspaces.routes.js';
import { lazySchemaCompilers } from './schema-compilers.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerSessionAuth } from './session-auth.js';
import { registerSpa } from './spa.js';

/** Analytics events per minute per IP: a browsing person sends a few, a script many. */
const ANALYTICS_RATE_LIMIT = 120;

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
    bodyLimit: DEFAULT_BODY_LIMIT,
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  // Scale-out: every API process counts in the same Redis, so more processes do not mean more attempts.
  const sharedCounts = services.scaleOut ? { redis: services.scaleOut.redis, nameSpace: `${config.redisPrefix}:ratelimit:ip:` } : {};
  await app.register(fastifyRateLimit, { global: false, ...sharedCounts });
  registerSessionAuth(app, services.sessions);
  registerApiKeyAuth(app, services.apiKeys);
  registerAuditTrail(app, services);
  registerBodyGuard(app);

  healthRoutes(app, {
    db: services.db,
    lifecycle: services.lifecycle,
    ...(services.scaleOut ? { pingRedis: () => (services.scaleOut as NonNullable<typeof services.scaleOut>).redis.ping() } : {}),
  });
  authRoutes(app, {
    auth: services.auth,
    sessions: services.sessions,
    emailLimiter: services.emailLimiter,
    signInGuard: services.signInGuard,
    secureCookies: config.secureCookies,
    ipRateLimit: config.authRateLimit,
    ssoOnlyDomains: config.ssoOnlyDomains,
  });
  const credentialRoutes = { emailLimiter: services.emailLimiter, secureCookies: config.secureCookies, ipRateLimit: config.authRateLimit };
  passwordResetRoutes(app, {
    passwordReset: services.passwordReset,
    resetMailLimiter: services.resetMailLimiter,
    ...credentialRoutes,
    ssoOnlyDomains: config.ssoOnlyDomains,
  });
  oidcRoutes(app, { oidc: services.oidc, saml: services.saml, secureCookies: config.secureCookies, ipRateLimit: config.authRateLimit });
  samlRoutes(app, { saml: services.saml, secureCookies: config.secureCookies, ipRateLimit: config.authRateLimit });
  meRoutes(app, { users: services.users, account: services.account, subscriptions: services.subscriptions, ...credentialRoutes });
  // Let mail still being sent finish before the mailer and database close.
  app.addHook('onClose', async () => {
    await services.background.idle();
    services.mailer.close();
  });

  subscriptionsRoutes(app, {
    subscriptions: services.subscriptions,
    notices: services.subscriptionNotices,
    ipRateLimit: config.authRateLimit,
    mailLimiter: services.newsletterMailLimiter,
  });
  analyticsRoutes(app, { analytics: services.analytics, ipRateLimit: ANALYTICS_RATE_LIMIT });
  nodeDefinitionsRoutes(app, { nodes: services.nodes });
  workflowsRoutes(app, { workflows: services.workflows });
  workflowVersionsRoutes(app, { workflows: services.workflows, versions: services.workflowVersions });
  // Built here, not in composition.ts: a stateless service over the database and clock, the workflow check its only dependency.
  presenceRoutes(app, { presence: new PresenceService(services.db, services.clock, ownerMayView(services.db)) });
  customNodesRoutes(app, { customNodes: services.customNodes });
  secretsRoutes(app, { secrets: services.secrets });
  apiKeysRoutes(app, { apiKeys: services.apiKeys });
  executionsRoutes(app, { runs: services.runs });
  approvalsRoutes(app, { runs: services.runs });
  workflowRunRoutes(app, { runs: services.runs });
  mcpRoutes(app, {
    tools: services.mcpTools,
    runs: services.runs,
    logger,
    publicUrl: config.publicUrl,
    shared: services.scaleOut ? { store: services.scaleOut.redis, prefix: config.redisPrefix } : undefined,
  });
  webhooksRoutes(app, { webhooks: services.webhooks, runs: services.runs });
  schedulesRoutes(app, { schedules: services.schedules });
  alertsRoutes(app, { alerts: services.alerts });
  conversationsRoutes(app, { memory: services.agentMemory });
  collectionsRoutes(app, { vectors: services.vectors });
  filesRoutes(app, { files: services.files });
  usageRoutes(app, { usage: services.usage });
  auditRoutes(app, { audit: services.audit, workspaces: services.workspaces });
  workspacesRoutes(app, { workspaces: services.workspaces, invitations: services.invitations, ipRateLimit: config.authRateLimit });

  metricsRoutes(app, { metrics: services.metrics, token: config.metricsToken });
  await registerSpa(app, config.webDir, { serveSourceMaps: config.serveSourceMaps });
  return app;
}
