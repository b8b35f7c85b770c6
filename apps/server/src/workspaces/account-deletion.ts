import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * What deleting an account means for its team workspaces, for `../accounts/account.service.ts`
 * (the personal workspace goes by cascade). A team the user is the only owner of, with other
 * members, would be left without one: the deletion is refused and these names say which.
 */
export async function teamsOnlyOwnedBy(db: Kysely<Database>, userId: string): Promise<string[]> {
  const owned = await db
    .selectFrom('workspaces')
    .innerJoin('workspace_members as me', 'me.workspace_id', 'workspaces.id')
    .select(['workspaces.id', 'workspaces.name'])
    .where('workspaces.kind', '=', 'team')
    .where('me.user_id', '=', userId)
    .where('me.role', '=', 'owner')
    .execute();
  const names: string[] = [];
  for (const team of owned) {
    const others = await db.selectFrom('workspace_members').select(['role']).where('workspace_id', '=', team.id).where('user_id', '!=', userId).execute();
    if (others.length > 0 && !others.some((m) => m.role === 'owner')) names.push(team.name);
  }
  return names;
}

/** Deletes the team workspaces the user is the only member of; run in the transaction that deletes the user. */
export async function deleteTeamsAloneIn(trx: Kysely<Database>, userId: string): Promise<void> {
  const mine = await trx
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .select('workspaces.id')
    .where('workspace_members.user_id', '=', userId)
    .where('workspaces.kind', '=', 'team')
    .execute();
  for (const { id } of mine) {
    const others = await trx.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', id).where('user_id', '!=', userId).executeTakeFirst();
    if (!others) await trx.deleteFrom('workspaces').where('id', '=', id).execute();
  }
}
