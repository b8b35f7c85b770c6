import { BUILTIN_NODES } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AccountService } from './account.service.js';
import { AnalyticsService } from './analytics.service.js';
import { AttemptLimiter } from './attempt-limiter.js';
import { AuthService } from './auth.service.js';
import { BackgroundTasks } from './background-tasks.js';
import type { Clock } from './clock.js';
import { IdentitiesService } from './identities.service.js';
import { createMailer, type Mailer } from './mailer.js';
import { NodeCatalogue } from './node-catalogue.js';
import { OidcService } from './oidc.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionsService } from './sessions.service.js';
import { SubscriptionNotices } from './subscription-notices.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UsersService } from './users.service.js';
import { WorkflowsService } from './workflows.service.js';

/** Every service, built once with its dependencies passed in (the composition root). */
export interface Services {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  users: UsersService;
  sessions: SessionsService;
  subscriptions: SubscriptionsService;
  auth: AuthService;
  emailLimiter: AttemptLimiter;
  mailer: Mailer;
  /** Mail and other work requests start without waiting; shutdown waits for it. */
  background: BackgroundTasks;
  subscriptionNotices: SubscriptionNotices;
  passwordReset: PasswordResetService;
  oidc: OidcService;
  account: AccountService;
  catalogue: NodeCatalogue;
  analytics: AnalyticsService;
  workflows: WorkflowsService;
}

export function createServices(deps: { db: Kysely<Database>; dialect: Dialect; config: Config; clock: Clock; logger: Logger }): Services {
  const { db, config, clock, logger } = deps;
  const users = new UsersService(db, clock);
  const sessions = new SessionsService(db, clock, config.sessionDays);
  const subscriptions = new SubscriptionsService(db, clock);
  const auth = new AuthService(users, sessions, subscriptions, logger);
  const mailer = createMailer(config, clock, logger);
  const background = new BackgroundTasks(logger);
  const catalogue = new NodeCatalogue(BUILTIN_NODES);
  return {
    db,
    dialect: deps.dialect,
    clock,
    users,
    sessions,
    subscriptions,
    auth,
    emailLimiter: new AttemptLimiter(config.authRateLimit, 60_000, clock),
    mailer,
    background,
    passwordReset: new PasswordResetService(db, users, sessions, mailer, clock, config.publicUrl, background),
    subscriptionNotices: new SubscriptionNotices(mailer, background, config.publicUrl),
    oidc: new OidcService(config.oidc, config.publicUrl, new IdentitiesService(db, users, clock), sessions, clock),
    account: new AccountService(db, users, sessions),
    catalogue,
    analytics: new AnalyticsService(db, clock),
    workflows: new WorkflowsService(db, clock, catalogue),
  };
}
