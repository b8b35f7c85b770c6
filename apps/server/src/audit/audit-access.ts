import type { UserRow } from '../db/schema.js';

/**
 * Whether a user may read a workspace's audit trail and change its retention: owners and
 * admins only. Until workspaces have members (issue 25's workspaces part), the only
 * workspace a user has is their personal one, whose id is theirs and of which they are the
 * owner. Every audit route asks this one function, so the workspace roles replace it here.
 */
export async function mayManageAudit(user: Pick<UserRow, 'id'>, workspaceId: string): Promise<boolean> {
  return workspaceId === user.id;
}
