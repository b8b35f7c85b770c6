import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { UsersService } from '../accounts/users.service.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import { AuditLog } from './audit-log.js';
import { SecretUseRecorder } from './secret-use.js';

/** What the composition root adds to `Services` for the audit trail. */
export interface AuditServices {
  /** Each workspace's audit trail, its retention and exports (audit/). */
  audit: AuditLog;
  /** `secret.use` and secrets' last use, throttled, off the run's path (audit/secret-use.ts). */
  secretUse: SecretUseRecorder;
}

export function createAuditServices(deps: {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  secrets: Pick<SecretsService, 'markUsed'>;
  users: Pick<UsersService, 'findById'>;
}): AuditServices {
  const audit = new AuditLog(deps.db, deps.clock, deps.logger);
  const secretUse = new SecretUseRecorder({
    audit,
    clock: deps.clock,
    markUsed: (userId, names, at) => deps.secrets.markUsed(userId, names, userId, at),
    labelOf: async (userId) => (await deps.users.findById(userId))?.email,
  });
  return { audit, secretUse };
}
