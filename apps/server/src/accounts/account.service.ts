import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { deleteTeamsAloneIn, teamsOnlyOwnedBy } from '../workspaces/account-deletion.js';
import type { ApiKeysService } from './api-keys.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionsService } from './sessions.service.js';
import type { UsersService } from './users.service.js';

export type AccountChange = 'ok' | 'wrong_password';

/** What a signed-in user does to their own account: change the password, delete it. */
export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly apiKeys: Pick<ApiKeysService, 'revokeAllForUser'>,
    /** The vector store: its SQLite index tables do not go by cascade. */
    private readonly vectors?: { deleteForUser(userId: string): Promise<void> },
  ) {}

  /**
   * Checks the current password (accounts created through OIDC have none yet and set
   * their first one without it), stores the new one and signs out every other session;
   * API keys too when asked (someone else may know the old password and have made one).
   */
  async changePassword(
    user: UserRow,
    currentSessionId: string,
    currentPassword: string | undefined,
    newPassword: string,
    options: { revokeApiKeys?: boolean } = {},
  ): Promise<AccountChange> {
    if (user.password_hash && !(await verifyPassword(user.password_hash, currentPassword ?? ''))) return 'wrong_password';
    await this.users.update(user.id, { passwordHash: await hashPassword(newPassword) });
    await this.sessions.revokeAllForUser(user.id, currentSessionId);
    if (options.revokeApiKeys) await this.apiKeys.revokeAllForUser(user.id);
    return 'ok';
  }

  /**
   * Deletes the user. Sessions, identities, resets and workflows go by cascade; the
   * subscription is keyed by e-mail and would outlive the account, so it goes here.
   * Analytics events keep no link to the user (ON DELETE SET NULL). Refused while the user
   * is the only owner of a team workspace with other members (it would have none); team
   * workspaces the user is alone in go with the account.
   */
  async delete(user: UserRow, password: string | undefined): Promise<AccountChange | { soleOwnerOf: string[] }> {
    if (user.password_hash && !(await verifyPassword(user.password_hash, password ?? ''))) return 'wrong_password';
    const soleOwnerOf = await teamsOnlyOwnedBy(this.db, user.id);
    if (soleOwnerOf.length > 0) return { soleOwnerOf };
    await this.vectors?.deleteForUser(user.id);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('notification_subscriptions')
        .where((eb) => eb.or([eb('user_id', '=', user.id), eb('email', '=', user.email)]))
        .execute();
      await deleteTeamsAloneIn(trx, user.id);
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
    });
    return 'ok';
  }
}
