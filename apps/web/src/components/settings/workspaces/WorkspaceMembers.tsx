import { type FormEvent, useId, useState } from 'react';
import {
  roleLabel,
  useWorkspaceMembers,
  WORKSPACE_ROLES,
  type Workspace,
  type WorkspaceInvitation,
  type WorkspaceMember,
  type WorkspaceRole,
} from '../../../api/useWorkspaces';
import { useAuthStore } from '../../../stores/auth.store';
import { confirmDialog } from '../../../stores/confirm.store';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { MailIcon, TrashIcon } from '../../ui/icons';
import { OptionList, SelectControl } from '../../ui/SelectControl';
import { TextField } from '../../ui/TextField';
import { SettingsListError, SettingsListSkeleton } from '../SettingsListStates';
import { WorkspaceActions } from './WorkspaceActions';

/** The roles someone with `myRole` may hand out: an admin never makes owners. */
function assignable(myRole: WorkspaceRole) {
  return WORKSPACE_ROLES.filter((r) => myRole === 'owner' || r.value !== 'owner');
}

/** A team workspace's members with their roles, the invite form and open invitations. */
export function WorkspaceMembers({ workspace }: { workspace: Workspace }) {
  const managing = workspace.role === 'owner' || workspace.role === 'admin';
  const { members, invitations, changeRole, remove, invite, revoke } = useWorkspaceMembers(workspace.id, managing);
  const me = useAuthStore((s) => s.user);

  const onRemove = async (member: WorkspaceMember) => {
    const confirmed = await confirmDialog({
      title: `Remove ${member.email}?`,
      message: `They lose access to ${workspace.name} at once.`,
      confirmLabel: 'Remove member',
      danger: true,
    });
    if (confirmed) remove.mutate(member);
  };

  return (
    <section className="space-y-4 rounded-lg border border-line p-4" aria-label={`Members of ${workspace.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">Members of {workspace.name}</h3>
        <WorkspaceActions workspace={workspace} />
      </div>
      {members.isPending ? (
        <SettingsListSkeleton what="members" />
      ) : members.isError ? (
        <SettingsListError what="members" query={members} />
      ) : (
        <ul aria-label="Members" className="divide-y divide-line rounded-lg border border-line">
          {members.data.map((member) => {
            // Owners are changed by owners only, and nobody changes their own role here.
            const editable = managing && member.userId !== me?.id && (workspace.role === 'owner' || member.role !== 'owner');
            return (
              <li key={member.userId} className="flex items-center gap-3 px-4 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-ink">{member.displayName ?? member.email}</p>
                  {member.displayName && <p className="truncate text-xs text-muted">{member.email}</p>}
                </div>
                {editable ? (
                  <SelectControl
                    aria-label={`Role of ${member.email}`}
                    className="w-32"
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ member, role: e.target.value as WorkspaceRole })}
                  >
                    <OptionList options={assignable(workspace.role)} />
                  </SelectControl>
                ) : (
                  <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>{roleLabel(member.role)}</Badge>
                )}
                {editable && (
                  <IconButton label={`Remove ${member.email}`} danger onClick={() => void onRemove(member)}>
                    <TrashIcon size={15} />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {managing && <InviteForm myRole={workspace.role} pending={invite.isPending} onInvite={(body, done) => invite.mutate(body, { onSuccess: done })} />}
      {managing && invitations.data && invitations.data.length > 0 && (
        <PendingInvitations invitations={invitations.data} onRevoke={(invitation) => revoke.mutate(invitation)} />
      )}
    </section>
  );
}

function InviteForm(props: { myRole: WorkspaceRole; pending: boolean; onInvite: (body: { email: string; role: WorkspaceRole }, done: () => void) => void }) {
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    setError(/^[^\s@]+@[^\s@]+$/.test(trimmed) ? null : 'Enter the e-mail address to invite');
    if (/^[^\s@]+@[^\s@]+$/.test(trimmed)) props.onInvite({ email: trimmed, role }, () => setEmail(''));
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Invite by e-mail"
        name="inviteEmail"
        type="email"
        placeholder="name@example.com"
        autoComplete="off"
        className="flex-1"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <div className="flex flex-col gap-1.5 sm:w-36">
        <label htmlFor={roleId} className="text-sm font-medium text-ink">
          Role
        </label>
        <SelectControl id={roleId} roomy value={role} onChange={(e) => setRole(e.target.value as WorkspaceRole)}>
          <OptionList options={assignable(props.myRole)} />
        </SelectControl>
      </div>
      <Button type="submit" loading={props.pending} className="sm:mt-[1.625rem]">
        {!props.pending && <MailIcon size={15} />}
        Send invitation
      </Button>
    </form>
  );
}

function PendingInvitations({ invitations, onRevoke }: { invitations: WorkspaceInvitation[]; onRevoke: (invitation: WorkspaceInvitation) => void }) {
  const now = new Date().toISOString();
  return (
    <div className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Pending invitations</h4>
      <ul aria-label="Pending invitations" className="divide-y divide-line rounded-lg border border-line">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex items-center gap-3 px-4 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-ink">{invitation.email}</p>
              <p className="text-xs text-muted">
                {invitation.expiresAt <= now ? 'Expired' : `Expires ${new Date(invitation.expiresAt).toLocaleDateString()}`}
                {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ''}
              </p>
            </div>
            <Badge>{roleLabel(invitation.role)}</Badge>
            <IconButton label={`Revoke the invitation to ${invitation.email}`} danger onClick={() => onRevoke(invitation)}>
              <TrashIcon size={15} />
            </IconButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
