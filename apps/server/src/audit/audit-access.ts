import type { UserRow } from '../db/schema.js';
import { WorkspaceError } from '../workspaces/workspace-error.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';

/** Whether a caller may read a workspace's trail: yes, not a member (404), or a member without the right (403, with why). */
export type AuditAccess = { ok: true } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'forbidden'; message: string };

/**
 * Whether a user may read a workspace's audit trail and change its retention: owners and
 * admins (the `audit.view` permission of `../workspaces/permissions.ts`). A personal
 * workspace's only member is its user, its owner. Every audit route asks this one function.
 */
export async function auditAccess(workspaces: Pick<WorkspacesService, 'access'>, user: Pick<UserRow, 'id'>, workspaceId: string): Promise<AuditAccess> {
  try {
    await workspaces.access(user.id, workspaceId, 'audit.view');
    return { ok: true };
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    if (error.kind === 'forbidden') return { ok: false, reason: 'forbidden', message: 'Only the workspace’s owners and admins see its audit log.' };
    return { ok: false, reason: 'not_found' };
  }
}
