import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AttemptLimiter } from './attempt-limiter.js';
import { AuthService } from './auth.service.js';
import type { Clock } from './clock.js';
import { SessionsService } from './sessions.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UsersService } from './users.service.js';

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
}

export function createServices(deps: { db: Kysely<Database>; dialect: Dialect; config: Config; clock: Clock; logger: Logger }): Services {
  const { db, config, clock, logger } = deps;
  const users = new UsersService(db, clock);
  const sessions = new SessionsService(db, clock, config.sessionDays);
  const subscriptions = new SubscriptionsService(db, clock);
  const auth = new AuthService(users, sessions, subscriptions, logger);
  return {
    db,
    dialect: deps.dialect,
    clock,
    users,
    sessions,
    subscriptions,
    auth,
    emailLimiter: new AttemptLimiter(config.authRateLimit, 60_000, clock),
  };
}
