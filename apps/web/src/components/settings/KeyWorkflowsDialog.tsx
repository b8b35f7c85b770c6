import type { WorkflowSummary } from '@weft/core';
import { useId, useState } from 'react';
import type { ApiKey } from '../../api/useApiKeys';
import { Button } from '../ui/Button';
import { DialogHeading } from '../ui/DialogHeading';
import { KeyIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { OptionList, SelectControl } from '../ui/SelectControl';
import { WorkflowChecklist } from './WorkflowChecklist';

export const KEY_REACH = [
  { value: 'all', label: 'Every workflow' },
  { value: 'chosen', label: 'Only the workflows I pick' },
] as const;

/** Changes which workflows an existing key may call (PATCH /api/api-keys/:id). */
export function KeyWorkflowsDialog({
  apiKey,
  workflows,
  saving,
  onSave,
  onClose,
}: {
  apiKey: ApiKey;
  workflows: readonly WorkflowSummary[];
  saving: boolean;
  onSave(workflowIds: string[] | null): void;
  onClose(): void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const reachId = useId();
  const [reach, setReach] = useState<'all' | 'chosen'>(apiKey.workflowIds === null ? 'all' : 'chosen');
  const [chosen, setChosen] = useState<string[]>(apiKey.workflowIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (reach === 'chosen' && chosen.length === 0) {
      setError('Pick at least one workflow, or let the key call every workflow');
      return;
    }
    onSave(reach === 'all' ? null : chosen);
  };
  return (
    <Modal labelledBy={titleId} describedBy={descriptionId} onClose={onClose}>
      <DialogHeading
        icon={<KeyIcon size={20} />}
        tone="brand"
        title={`What “${apiKey.name}” may call`}
        titleId={titleId}
        description="A key limited to some workflows runs only those, reads only their executions and sees only them as MCP tools."
        descriptionId={descriptionId}
      />
      <div className="mt-5 space-y-3">
        <label htmlFor={reachId} className="text-sm font-medium text-ink">
          Workflows
        </label>
        <SelectControl id={reachId} roomy value={reach} onChange={(e) => setReach(e.target.value as 'all' | 'chosen')}>
          <OptionList options={KEY_REACH} />
        </SelectControl>
        {reach === 'chosen' && (
          <WorkflowChecklist label="Workflows this key may call" workflows={workflows} checked={chosen} onChange={setChosen} error={error} />
        )}
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </div>
    </Modal>
  );
}
