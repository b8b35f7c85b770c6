import { Button } from '../ui/Button';
import { PlusIcon } from '../ui/icons';
import { useCreateWorkflow } from './useWorkflows';

/** "New workflow": creates one on the server, then opens it. */
export function NewWorkflowButton() {
  const create = useCreateWorkflow();
  return (
    <Button onClick={() => create.mutate()} loading={create.isPending}>
      {!create.isPending && <PlusIcon size={16} />}
      New workflow
    </Button>
  );
}
