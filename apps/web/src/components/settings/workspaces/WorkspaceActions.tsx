import { useLeaveWorkspace, type Workspace } from '../../../api/useWorkspaces';
import { confirmDialog } from '../../../stores/confirm.store';
import { Button } from '../../ui/Button';

/** Leave a team workspace, or delete it as its owner; the server keeps the last owner from leaving and says so. */
export function WorkspaceActions({ workspace }: { workspace: Workspace }) {
  const leave = useLeaveWorkspace();
  const onLeave = async () => {
    const confirmed = await confirmDialog({
      title: `Leave ${workspace.name}?`,
      message: 'You lose access at once; someone has to invite you again to come back.',
      confirmLabel: 'Leave workspace',
      danger: true,
    });
    if (confirmed) leave.mutate({ workspace, how: 'leave' });
  };
  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: `Delete ${workspace.name}?`,
      message: 'Every member loses access and its pending invitations stop working. This cannot be undone.',
      confirmLabel: 'Delete workspace',
      danger: true,
    });
    if (confirmed) leave.mutate({ workspace, how: 'delete' });
  };
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" loading={leave.isPending && leave.variables?.how === 'leave'} onClick={() => void onLeave()}>
        Leave
      </Button>
      {workspace.role === 'owner' && (
        <Button variant="danger" size="sm" loading={leave.isPending && leave.variables?.how === 'delete'} onClick={() => void onDelete()}>
          Delete workspace
        </Button>
      )}
    </div>
  );
}
