import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';

/** docs/API.md "Workspaces". */
export type WorkspaceRole = 'owner' | 'admin' | 'editor' | 'viewer';
export const WORKSPACE_ROLES: readonly { value: WorkspaceRole; label: string }[] = [
  { value: 'owner', label: 'Owner' },
  { value: 'admin', label: 'Admin' },
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];

export const roleLabel = (role: string) => WORKSPACE_ROLES.find((r) => r.value === role)?.label ?? role;

export interface Workspace {
  id: string;
  name: string;
  kind: 'personal' | 'team';
  role: WorkspaceRole;
  createdAt: string;
}

export interface WorkspaceMember {
  userId: string;
  email: string;
  displayName: string | null;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface WorkspaceInvitation {
  id: string;
  email: string;
  role: WorkspaceRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface InvitationPreview {
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: WorkspaceRole;
  invitedBy: string | null;
  expiresAt: string;
}

const path = (workspaceId: string, rest = '') => `/api/workspaces/${encodeURIComponent(workspaceId)}${rest}`;

/** The caller's workspaces with their role, the personal one first. */
export function useWorkspaces() {
  return useQuery({
    queryKey: queryKeys.workspaces.all,
    queryFn: async ({ signal }) => (await api<{ workspaces: Workspace[] }>('/api/workspaces', { signal })).workspaces,
  });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<{ workspace: Workspace }>('/api/workspaces', { body: { name } }),
    onSuccess: ({ workspace }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
      toast.success(`Workspace “${workspace.name}” created`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not create the workspace.')),
  });
}

/** Members and, for those who manage them, open invitations of one workspace, with the changes to both. */
export function useWorkspaceMembers(workspaceId: string, managing: boolean) {
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: queryKeys.workspaces.members(workspaceId),
    queryFn: async ({ signal }) => (await api<{ members: WorkspaceMember[] }>(path(workspaceId, '/members'), { signal })).members,
  });
  const invitations = useQuery({
    queryKey: queryKeys.workspaces.invitations(workspaceId),
    queryFn: async ({ signal }) => (await api<{ invitations: WorkspaceInvitation[] }>(path(workspaceId, '/invitations'), { signal })).invitations,
    enabled: managing,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.one(workspaceId) });
  const setMembers = (list: WorkspaceMember[]) => queryClient.setQueryData(queryKeys.workspaces.members(workspaceId), list);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: WorkspaceMember; role: WorkspaceRole }) =>
      api<{ members: WorkspaceMember[] }>(path(workspaceId, `/members/${encodeURIComponent(member.userId)}`), { method: 'PATCH', body: { role } }),
    onSuccess: ({ members: list }) => {
      setMembers(list);
      // My own role may have changed: the list of workspaces shows it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all, exact: true });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the role.')),
  });
  const remove = useMutation({
    mutationFn: (member: WorkspaceMember) => api(path(workspaceId, `/members/${encodeURIComponent(member.userId)}`), { method: 'DELETE' }),
    onSuccess: (_, member) => {
      void refresh();
      toast.success(`${member.email} removed`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not remove the member.')),
  });
  const invite = useMutation({
    mutationFn: (body: { email: string; role: WorkspaceRole }) => api<{ invitation: WorkspaceInvitation }>(path(workspaceId, '/invitations'), { body }),
    onSuccess: ({ invitation }) => {
      void refresh();
      toast.success(`Invitation sent to ${invitation.email}`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not send the invitation.')),
  });
  const revoke = useMutation({
    mutationFn: (invitation: WorkspaceInvitation) => api(path(workspaceId, `/invitations/${encodeURIComponent(invitation.id)}`), { method: 'DELETE' }),
    onSuccess: (_, invitation) => {
      void refresh();
      toast.success(`Invitation to ${invitation.email} revoked`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not revoke the invitation.')),
  });
  return { members, invitations, changeRole, remove, invite, revoke };
}

/** Leaving a team workspace, or (its owner) deleting it; either way it leaves the list. */
export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspace, how }: { workspace: Workspace; how: 'leave' | 'delete' }) =>
      how === 'leave' ? api(path(workspace.id, '/leave'), { method: 'POST' }) : api(path(workspace.id), { method: 'DELETE' }),
    onSuccess: (_, { workspace, how }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
      toast.success(how === 'leave' ? `You left ${workspace.name}` : `Workspace “${workspace.name}” deleted`);
    },
    onError: (error, { how }) => toast.error(errorMessage(error, how === 'leave' ? 'Could not leave the workspace.' : 'Could not delete the workspace.')),
  });
}

/** What an invitation link offers, for the signed-in account it was sent to. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.workspaces.invitation(token),
    queryFn: async () => (await api<{ invitation: InvitationPreview }>('/api/workspaces/invitations/preview', { body: { token } })).invitation,
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ joined: { workspaceId: string; workspaceName: string; role: WorkspaceRole } }>('/api/workspaces/invitations/accept', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
