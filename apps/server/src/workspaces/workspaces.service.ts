import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WorkspaceKind, WorkspaceRow } from '../db/schema-workspaces.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { can, deniedMessage, isRole, type Permission, ROLE_PERMISSIONS, ROLE_RANK, type Role } from './permissions.js';
import { WORKSPACE_NOT_FOUND, WorkspaceError } from './workspace-error.js';
import type { MemberRow, MyWorkspace, WorkspacesRepository } from './workspaces.repository.js';

/** A member's standing in a workspace: what every workspace-scoped route asks first. */
export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  role: Role;
}

export interface WorkspaceView {
  id: string;
  name: string;
  kind: WorkspaceKind;
  role: Role;
  permissions: Permission[];
  createdAt: string;
}

const LAST_OWNER = 'A workspace keeps at least one owner: make another member an owner first, or delete the workspace.';

/**
 * Workspaces, their members and roles (issue 25). Every method takes the acting user and
 * checks their role with `access`: a workspace they are not in is "not found", a role that
 * lacks the permission is refused with what is missing. Membership changes lock the
 * workspace row first (an UPDATE of `updated_at`), so two owners demoting each other at once
 * cannot leave it without one.
 */
export class WorkspacesService {
  constructor(
    private readonly repo: WorkspacesRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller's workspace and role, refused as not found when they are not a member and as
   * forbidden when `permission` is given and their role lacks it. The port the other rooms
   * use to scope their resources to a workspace.
   */
  async access(userId: string, workspaceId: string, permission?: Permission, db: Kysely<Database> = this.repo.db): Promise<WorkspaceAccess> {
    const row = await this.repo.membership(db, workspaceId, userId);
    if (!row || !isRole(row.role)) throw new WorkspaceError('not_found', WORKSPACE_NOT_FOUND);
    if (permission && !can(row.role, permission)) throw new WorkspaceError('forbidden', deniedMessage(row.role, permission));
    const { role, ...workspace } = row;
    return { workspace, role: row.role };
  }

  list(userId: string): Promise<MyWorkspace[]> {
    return this.repo.listForUser(userId);
  }

  async get(userId: string, workspaceId: string): Promise<WorkspaceView> {
    return view(await this.access(userId, workspaceId, 'workspace.view'));
  }

  async create(userId: string, name: string): Promise<WorkspaceView> {
    const id = newId();
    const now = this.now();
    await this.repo.db.transaction().execute((trx) => this.repo.insertTeam(trx, { id, name, ownerId: userId, now }));
    return this.get(userId, id);
  }

  async rename(userId: string, workspaceId: string, name: string): Promise<WorkspaceView> {
    await this.access(userId, workspaceId, 'workspace.settings');
    await this.repo.rename(workspaceId, name, this.now());
    return this.get(userId, workspaceId);
  }

  async delete(userId: string, workspaceId: string): Promise<void> {
    const { workspace } = await this.access(userId, workspaceId, 'workspace.delete');
    if (workspace.kind === 'personal')
      throw new WorkspaceError('conflict', 'Your personal workspace cannot be deleted; it goes only with your account.', 'personal_workspace');
    await this.repo.delete(workspaceId);
  }

  async members(userId: string, workspaceId: string): Promise<MemberRow[]> {
    await this.access(userId, workspaceId, 'members.view');
    return this.repo.members(workspaceId);
  }

  /**
   * Sets a member's role. Nobody raises their own role; an admin neither makes owners nor
   * changes an owner; the last owner stays one.
   */
  async changeRole(userId: string, workspaceId: string, targetId: string, role: Role): Promise<MemberRow[]> {
    await this.locked(workspaceId, async (trx) => {
      const actor = await this.access(userId, workspaceId, 'members.manage', trx);
      const target = await this.targetRole(trx, workspaceId, targetId);
      if (targetId === userId && ROLE_RANK[role] > ROLE_RANK[actor.role])
        throw new WorkspaceError('forbidden', 'Nobody can raise their own role. Ask an owner.');
      if (actor.role !== 'owner' && (role === 'owner' || target === 'owner')) {
        throw new WorkspaceError('forbidden', "Only an owner can make someone an owner or change an owner's role.");
      }
      if (target === 'owner' && role !== 'owner') await this.keepAnOwner(trx, workspaceId);
      await this.repo.setRole(trx, workspaceId, targetId, role);
    });
    return this.repo.members(workspaceId);
  }

  /** Removes another member (yourself: `leave`); an admin cannot remove an owner. */
  async removeMember(userId: string, workspaceId: string, targetId: string): Promise<void> {
    if (targetId === userId) return this.leave(userId, workspaceId);
    await this.locked(workspaceId, async (trx) => {
      const actor = await this.access(userId, workspaceId, 'members.manage', trx);
      const target = await this.targetRole(trx, workspaceId, targetId);
      if (target === 'owner' && actor.role !== 'owner') throw new WorkspaceError('forbidden', 'Only an owner can remove an owner.');
      if (target === 'owner') await this.keepAnOwner(trx, workspaceId);
      await this.repo.removeMember(trx, workspaceId, targetId);
    });
  }

  async leave(userId: string, workspaceId: string): Promise<void> {
    await this.locked(workspaceId, async (trx) => {
      const { workspace, role } = await this.access(userId, workspaceId, undefined, trx);
      if (workspace.kind === 'personal') throw new WorkspaceError('conflict', 'You cannot leave your personal workspace.', 'personal_workspace');
      if (role === 'owner') await this.keepAnOwner(trx, workspaceId, 'You are the last owner: transfer ownership to another member, or delete the workspace.');
      await this.repo.removeMember(trx, workspaceId, userId);
    });
  }

  /** Makes another member the owner; the owner who hands over stays on as an admin. */
  async transferOwnership(userId: string, workspaceId: string, targetId: string): Promise<MemberRow[]> {
    await this.locked(workspaceId, async (trx) => {
      await this.access(userId, workspaceId, 'workspace.transfer', trx);
      if (targetId === userId) throw new WorkspaceError('invalid', 'Choose another member to hand the workspace to.', 'invalid_input');
      await this.targetRole(trx, workspaceId, targetId);
      await this.repo.setRole(trx, workspaceId, targetId, 'owner');
      await this.repo.setRole(trx, workspaceId, userId, 'admin');
    });
    return this.repo.members(workspaceId);
  }

  /** Runs a membership change in a transaction that first locks the workspace row. */
  async locked<T>(workspaceId: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.repo.db.transaction().execute(async (trx) => {
      await this.repo.lock(trx, workspaceId, this.now());
      return work(trx);
    });
  }

  private async targetRole(trx: Kysely<Database>, workspaceId: string, targetId: string): Promise<Role> {
    const target = await this.repo.membership(trx, workspaceId, targetId);
    if (!target || !isRole(target.role)) throw new WorkspaceError('not_found', 'That person is not a member of this workspace.');
    return target.role;
  }

  private async keepAnOwner(trx: Kysely<Database>, workspaceId: string, message = LAST_OWNER): Promise<void> {
    if ((await this.repo.ownerCount(trx, workspaceId)) <= 1) throw new WorkspaceError('conflict', message, 'last_owner');
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

function view({ workspace, role }: WorkspaceAccess): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    kind: workspace.kind,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    createdAt: workspace.created_at,
  };
}
