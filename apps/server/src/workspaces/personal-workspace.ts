import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What a personal workspace is called until its owner renames it. */
export const PERSONAL_WORKSPACE_NAME = 'Personal';

/**
 * Makes a new account's personal workspace (id = the user's id, the user its owner). Called
 * by `../accounts/users.service.ts` inside the transaction that inserts the user, so no
 * account ever exists without one; migration 0024 made them for the accounts before it.
 */
export async function insertPersonalWorkspace(trx: Kysely<Database>, userId: string, now: string): Promise<void> {
  await trx
    .insertInto('workspaces')
    .values({ id: userId, name: PERSONAL_WORKSPACE_NAME, kind: 'personal', personal_user_id: userId, created_at: now, updated_at: now })
    .execute();
  await trx.insertInto('workspace_members').values({ workspace_id: userId, user_id: userId, role: 'owner', created_at: now }).execute();
}
