import { type FormEvent, useState } from 'react';
import { roleLabel, useCreateWorkspace, useWorkspaces, type Workspace } from '../../../api/useWorkspaces';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { PlusIcon, UserIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { SettingsListEmpty, SettingsListError, SettingsListSkeleton } from '../SettingsListStates';
import { SettingsSection } from '../SettingsSection';
import { WorkspaceMembers } from './WorkspaceMembers';

const NAME_MAX = 100;

/** Settings → Workspaces: my workspaces, a new team, and a team's members and invitations (docs/API.md "Workspaces"). */
export function WorkspacesSection() {
  return (
    <SettingsSection
      id="workspaces"
      title="Workspaces"
      description="Work together: create a team workspace, invite people by e-mail and give each a role. Your personal workspace is yours alone."
    >
      <WorkspacesManager />
    </SettingsSection>
  );
}

function WorkspacesManager() {
  const query = useWorkspaces();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const teams = query.data?.filter((w) => w.kind === 'team') ?? [];
  const open = teams.find((w) => w.id === openId) ?? teams[0];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed ? null : 'Give the workspace a name');
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: ({ workspace }) => {
        setName('');
        setOpenId(workspace.id);
      },
    });
  };

  return (
    <div className="space-y-5">
      {query.isPending ? (
        <SettingsListSkeleton what="workspaces" />
      ) : query.isError ? (
        <SettingsListError what="workspaces" query={query} />
      ) : (
        <ul aria-label="Your workspaces" className="divide-y divide-line rounded-lg border border-line">
          {query.data.map((workspace) => (
            <WorkspaceRow key={workspace.id} workspace={workspace} open={workspace.id === open?.id} onOpen={() => setOpenId(workspace.id)} />
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="New team workspace"
          name="workspaceName"
          placeholder="e.g. Marketing"
          maxLength={NAME_MAX}
          autoComplete="off"
          className="flex-1"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
        />
        <Button type="submit" loading={create.isPending} className="sm:mt-[1.625rem]">
          {!create.isPending && <PlusIcon size={15} />}
          Create workspace
        </Button>
      </form>
      {open ? (
        <WorkspaceMembers key={open.id} workspace={open} />
      ) : (
        query.isSuccess && <SettingsListEmpty Icon={UserIcon}>No team workspaces yet. Create one to invite people.</SettingsListEmpty>
      )}
    </div>
  );
}

function WorkspaceRow({ workspace, open, onOpen }: { workspace: Workspace; open: boolean; onOpen: () => void }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink">{workspace.name}</p>
        <p className="text-xs text-muted">{workspace.kind === 'personal' ? 'Personal workspace' : 'Team workspace'}</p>
      </div>
      <Badge tone={workspace.role === 'owner' ? 'brand' : 'neutral'}>{roleLabel(workspace.role)}</Badge>
      {workspace.kind === 'team' && (
        <Button variant="secondary" size="sm" onClick={onOpen} disabled={open} aria-label={`Members of ${workspace.name}`}>
          {open ? 'Showing members' : 'Members'}
        </Button>
      )}
    </li>
  );
}
