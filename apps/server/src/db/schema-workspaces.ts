import type { Selectable } from 'kysely';

/*
 * Table types of the workspaces room (issue 25, migration 0024, `../workspaces/`), beside
 * schema.ts so that neither file grows past the size cap; `Database` in schema.ts names them.
 */

export type WorkspaceKind = 'personal' | 'team';

export interface WorkspacesTable {
  /** A personal workspace's id is its user's id. */
  id: string;
  name: string;
  kind: WorkspaceKind;
  /** The user of a personal workspace (deleting the account deletes it); null for a team. */
  personal_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  /** `owner` | `admin` | `editor` | `viewer` (`../workspaces/permissions.ts`). */
  role: string;
  created_at: string;
}

export interface WorkspaceInvitationsTable {
  id: string;
  workspace_id: string;
  /** SHA-256 of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  /** Normalised like users.email; only that account may accept. */
  email: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  /** Set once: the link works once. */
  accepted_at: string | null;
  accepted_by: string | null;
}

/** The workspaces room's tables; `Database` in schema.ts extends this. */
export interface WorkspaceTables {
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
}

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type WorkspaceMemberRow = Selectable<WorkspaceMembersTable>;
export type WorkspaceInvitationRow = Selectable<WorkspaceInvitationsTable>;
