import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { Role } from './permissions.js';
import { WorkspacesRepository } from './workspaces.repository.js';

/** What one sign-in did to the person's membership, for the log. */
export type DirectoryRoleOutcome = 'added' | 'changed' | 'unchanged' | 'owner kept' | 'no such team workspace';

/**
 * Roles given by the identity provider's groups (WEFT_SAML_GROUP_ROLES and
 * WEFT_SAML_WORKSPACE, `../accounts/saml-config.ts`): at each SAML sign-in the person
 * becomes a member of that team workspace with the role their groups map to, or has their
 * role set to it, so a change in the directory holds from the next sign-in. An owner stays
 * owner (ownership moves only by transfer, and a workspace keeps one), a personal workspace
 * is never joined, and nobody is removed here: people invited by hand keep their place.
 * The change runs under the workspace's row lock, like every membership change.
 */
export function directoryRoleSetter(db: Kysely<Database>, clock: Clock) {
  const repo = new WorkspacesRepository(db);
  return async (workspaceId: string, userId: string, role: Exclude<Role, 'owner'>): Promise<DirectoryRoleOutcome> =>
    db.transaction().execute(async (trx) => {
      const workspace = await trx.selectFrom('workspaces').select('kind').where('id', '=', workspaceId).executeTakeFirst();
      if (workspace?.kind !== 'team') return 'no such team workspace';
      const now = clock.now().toISOString();
      await repo.lock(trx, workspaceId, now);
      const member = await repo.membership(trx, workspaceId, userId);
      if (!member) {
        await repo.addMember(trx, workspaceId, userId, role, now);
        return 'added';
      }
      if (member.role === 'owner') return 'owner kept';
      if (member.role === role) return 'unchanged';
      await repo.setRole(trx, workspaceId, userId, role);
      return 'changed';
    });
}
