import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WorkspaceInvitationRow, WorkspaceKind, WorkspaceRow } from '../db/schema-workspaces.js';

/** A workspace as one of its members sees it. */
export interface MyWorkspace {
  id: string;
  name: string;
  kind: WorkspaceKind;
  role: string;
  createdAt: string;
}

export interface MemberRow {
  userId: string;
  email: string;
  displayName: string | null;
  role: string;
  joinedAt: string;
}

/** The SQL on `workspaces`, `workspace_members` and `workspace_invitations`; rules live in the services. */
export class WorkspacesRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The workspace and the user's role in it, or undefined when they are not a member. */
  async membership(db: Kysely<Database>, workspaceId: string, userId: string): Promise<(WorkspaceRow & { role: string }) | undefined> {
    return db
      .selectFrom('workspaces')
      .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
      .selectAll('workspaces')
      .select('workspace_members.role')
      .where('workspaces.id', '=', workspaceId)
      .where('workspace_members.user_id', '=', userId)
      .executeTakeFirst();
  }

  async listForUser(userId: string): Promise<MyWorkspace[]> {
    const rows = await this.db
      .selectFrom('workspaces')
      .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
      .select(['workspaces.id', 'workspaces.name', 'workspaces.kind', 'workspaces.created_at', 'workspace_members.role'])
      .where('workspace_members.user_id', '=', userId)
      // The personal workspace first, then teams by name.
      .orderBy('workspaces.kind')
      .orderBy('workspaces.name')
      .orderBy('workspaces.id')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, role: r.role, createdAt: r.created_at }));
  }

  async insertTeam(db: Kysely<Database>, input: { id: string; name: string; ownerId: string; now: string }): Promise<void> {
    await db
      .insertInto('workspaces')
      .values({ id: input.id, name: input.name, kind: 'team', personal_user_id: null, created_at: input.now, updated_at: input.now })
      .execute();
    await db.insertInto('workspace_members').values({ workspace_id: input.id, user_id: input.ownerId, role: 'owner', created_at: input.now }).execute();
  }

  /** Takes the workspace row's write lock for the rest of the transaction (PostgreSQL; SQLite locks the file). */
  async lock(db: Kysely<Database>, workspaceId: string, now: string): Promise<void> {
    await db.updateTable('workspaces').set({ updated_at: now }).where('id', '=', workspaceId).execute();
  }

  async rename(workspaceId: string, name: string, now: string): Promise<void> {
    await this.db.updateTable('workspaces').set({ name, updated_at: now }).where('id', '=', workspaceId).execute();
  }

  async delete(workspaceId: string): Promise<void> {
    await this.db.deleteFrom('workspaces').where('id', '=', workspaceId).where('kind', '=', 'team').execute();
  }

  async members(workspaceId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('workspace_members')
      .innerJoin('users', 'users.id', 'workspace_members.user_id')
      .select(['users.id', 'users.email', 'users.display_name', 'workspace_members.role', 'workspace_members.created_at'])
      .where('workspace_members.workspace_id', '=', workspaceId)
      .orderBy('workspace_members.created_at')
      .orderBy('users.email')
      .execute();
    return rows.map((r) => ({ userId: r.id, email: r.email, displayName: r.display_name, role: r.role, joinedAt: r.created_at }));
  }

  async ownerCount(db: Kysely<Database>, workspaceId: string): Promise<number> {
    const row = await db
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setRole(db: Kysely<Database>, workspaceId: string, userId: string, role: string): Promise<void> {
    await db.updateTable('workspace_members').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
  }

  async removeMember(db: Kysely<Database>, workspaceId: string, userId: string): Promise<void> {
    await db.deleteFrom('workspace_members').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
  }

  async addMember(db: Kysely<Database>, workspaceId: string, userId: string, role: string, now: string): Promise<void> {
    await db.insertInto('workspace_members').values({ workspace_id: workspaceId, user_id: userId, role, created_at: now }).execute();
  }

  async insertInvitation(row: WorkspaceInvitationRow): Promise<void> {
    await this.db.insertInto('workspace_invitations').values(row).execute();
  }

  /** Open invitations of a workspace; an expired one stays listed (marked by its date) until revoked or replaced. */
  async pendingInvitations(workspaceId: string): Promise<(WorkspaceInvitationRow & { inviter_email: string | null })[]> {
    return this.db
      .selectFrom('workspace_invitations')
      .leftJoin('users', 'users.id', 'workspace_invitations.invited_by')
      .selectAll('workspace_invitations')
      .select('users.email as inviter_email')
      .where('workspace_invitations.workspace_id', '=', workspaceId)
      .where('workspace_invitations.accepted_at', 'is', null)
      .orderBy('workspace_invitations.created_at', 'desc')
      .execute();
  }

  /** Deletes open invitations of the workspace: one by id, or every one for an e-mail. */
  async deletePending(workspaceId: string, match: { id: string } | { email: string }): Promise<number> {
    let query = this.db.deleteFrom('workspace_invitations').where('workspace_id', '=', workspaceId).where('accepted_at', 'is', null);
    query = 'id' in match ? query.where('id', '=', match.id) : query.where('email', '=', match.email);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async invitationByTokenHash(tokenHash: string): Promise<(WorkspaceInvitationRow & { workspace_name: string; inviter_email: string | null }) | undefined> {
    return this.db
      .selectFrom('workspace_invitations')
      .innerJoin('workspaces', 'workspaces.id', 'workspace_invitations.workspace_id')
      .leftJoin('users', 'users.id', 'workspace_invitations.invited_by')
      .selectAll('workspace_invitations')
      .select(['workspaces.name as workspace_name', 'users.email as inviter_email'])
      .where('workspace_invitations.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Claims a live invitation for `userId`: one conditional UPDATE, so two uses cannot both win. */
  async claimInvitation(db: Kysely<Database>, id: string, userId: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('workspace_invitations')
      .set({ accepted_at: now, accepted_by: userId })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
