import { normaliseEmail } from '../accounts/users.service.js';
import type { UserRow } from '../db/schema.js';
import { addMinutes, type Clock } from '../platform/clock.js';
import { escapeHtml, type Mailer } from '../platform/mailer.js';
import { hashToken, newId, newToken } from '../platform/tokens.js';
import { isRole, ROLE_RANK, type Role } from './permissions.js';
import { WorkspaceError } from './workspace-error.js';
import type { WorkspacesRepository } from './workspaces.repository.js';
import type { WorkspacesService } from './workspaces.service.js';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** Open invitations a workspace may have at once: enough for a team, too few to make Weft a mail cannon. */
export const MAX_OPEN_INVITATIONS = 100;

/** The web page an invitation's link opens (apps/web). */
export const INVITATION_PATH = '/invitations/accept';

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** What the accept page shows before the person accepts. */
export interface InvitationPreview {
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  expiresAt: string;
}

const INVALID = 'This invitation link is invalid, was already used or has expired. Ask whoever invited you for a new one.';

/**
 * Invitations to a team workspace by e-mail (issue 25). The link carries a 256-bit token
 * stored as SHA-256, works once (claimed with one conditional UPDATE in the transaction that
 * adds the member) and for `INVITATION_DAYS`; only the account with the invited address can
 * accept it. Inviting the same address again replaces its open invitation.
 */
export class InvitationsService {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly repo: WorkspacesRepository,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async invite(actor: UserRow, workspaceId: string, email: string, role: Role): Promise<PendingInvitation> {
    const { workspace, role: actorRole } = await this.workspaces.access(actor.id, workspaceId, 'members.manage');
    if (workspace.kind === 'personal') {
      throw new WorkspaceError('conflict', 'A personal workspace has no other members. Create a team workspace to invite people.', 'personal_workspace');
    }
    if (ROLE_RANK[role] > ROLE_RANK[actorRole]) throw new WorkspaceError('forbidden', 'Only an owner can invite someone as an owner.');
    const address = normaliseEmail(email);
    const members = await this.repo.members(workspaceId);
    if (members.some((m) => m.email === address)) throw new WorkspaceError('conflict', `${address} is already a member of this workspace.`, 'already_member');

    const open = await this.repo.pendingInvitations(workspaceId);
    if (open.length >= MAX_OPEN_INVITATIONS && !open.some((i) => i.email === address)) {
      throw new WorkspaceError(
        'conflict',
        `This workspace has ${MAX_OPEN_INVITATIONS} open invitations. Revoke some, or wait until they are accepted.`,
        'too_many_invitations',
      );
    }

    const now = this.clock.now();
    const token = newToken();
    const row = {
      id: newId(),
      workspace_id: workspaceId,
      token_hash: hashToken(token),
      email: address,
      role,
      invited_by: actor.id,
      created_at: now.toISOString(),
      expires_at: addMinutes(now, INVITATION_DAYS * 24 * 60).toISOString(),
      accepted_at: null,
      accepted_by: null,
    };
    await this.repo.deletePending(workspaceId, { email: address });
    await this.repo.insertInvitation(row);
    const link = `${this.publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    try {
      await this.mailer.send({ to: address, ...invitationMail(link, workspace.name, actor.display_name ?? actor.email, role) });
    } catch {
      // An invitation nobody received is no invitation: the inviter tries again.
      await this.repo.deletePending(workspaceId, { id: row.id });
      throw new WorkspaceError(
        'unavailable',
        `The invitation e-mail to ${address} could not be sent. Try again in a while, or ask the operator to check the mail settings.`,
        'mail_failed',
      );
    }
    return { id: row.id, email: address, role, invitedBy: actor.email, createdAt: row.created_at, expiresAt: row.expires_at };
  }

  async pending(actorId: string, workspaceId: string): Promise<PendingInvitation[]> {
    await this.workspaces.access(actorId, workspaceId, 'members.manage');
    const rows = await this.repo.pendingInvitations(workspaceId);
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: isRole(r.role) ? r.role : 'viewer',
      invitedBy: r.inviter_email,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  /** Revokes an open invitation: its link stops working at once. */
  async revoke(actorId: string, workspaceId: string, invitationId: string): Promise<void> {
    await this.workspaces.access(actorId, workspaceId, 'members.manage');
    if ((await this.repo.deletePending(workspaceId, { id: invitationId })) === 0)
      throw new WorkspaceError('not_found', 'Invitation not found; it may have been accepted or revoked.');
  }

  async preview(user: UserRow, token: string): Promise<InvitationPreview> {
    const row = await this.live(token);
    this.mustBeFor(user, row.email);
    return {
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      email: row.email,
      role: isRole(row.role) ? row.role : 'viewer',
      invitedBy: row.inviter_email,
      expiresAt: row.expires_at,
    };
  }

  /** Joins the workspace with the invitation's role; the link then works no more. */
  async accept(user: UserRow, token: string): Promise<{ workspaceId: string; workspaceName: string; role: Role }> {
    const invitation = await this.preview(user, token);
    const row = await this.live(token);
    const now = this.clock.now().toISOString();
    await this.workspaces.locked(invitation.workspaceId, async (trx) => {
      if (await this.repo.membership(trx, invitation.workspaceId, user.id)) {
        throw new WorkspaceError('conflict', `You are already a member of ${invitation.workspaceName}.`, 'already_member');
      }
      if (!(await this.repo.claimInvitation(trx, row.id, user.id, now))) throw new WorkspaceError('invalid', INVALID, 'invitation_invalid');
      await this.repo.addMember(trx, invitation.workspaceId, user.id, invitation.role, now);
    });
    return { workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName, role: invitation.role };
  }

  private async live(token: string) {
    const row = await this.repo.invitationByTokenHash(hashToken(token));
    if (!row || row.accepted_at !== null || row.expires_at <= this.clock.now().toISOString())
      throw new WorkspaceError('invalid', INVALID, 'invitation_invalid');
    return row;
  }

  private mustBeFor(user: UserRow, email: string): void {
    if (normaliseEmail(user.email) === email) return;
    throw new WorkspaceError(
      'forbidden',
      `This invitation is for ${email}, and you are signed in as ${user.email}. Sign in with ${email} (or create an account with it) to accept.`,
      'wrong_account',
    );
  }
}

function invitationMail(link: string, workspaceName: string, inviter: string, role: Role): { subject: string; text: string; html: string } {
  const text = [
    `${inviter} invited you to the Weft workspace "${workspaceName}" as ${role}.`,
    '',
    `Accept here (the link works once, for ${INVITATION_DAYS} days; sign in with this e-mail address):`,
    link,
    '',
    'If you did not expect this, ignore this e-mail.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(inviter)} invited you to the Weft workspace “${escapeHtml(workspaceName)}” as ${role}.</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, for ${INVITATION_DAYS} days; sign in with this e-mail address).</p>
<p>If you did not expect this, ignore this e-mail.</p>
</body></html>`;
  return { subject: `You are invited to ${workspaceName} on Weft`, text, html };
}
