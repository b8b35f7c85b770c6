import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { useRenameWorkflow } from './useWorkflows';
import type { WorkflowSummary } from './workflow-summary';

const NAME_MAX = 200;

/** Renames a workflow from the dashboard; an empty name is refused inline, nothing is sent. */
export function RenameWorkflowDialog({ workflow, onClose }: { workflow: WorkflowSummary; onClose(): void }) {
  const rename = useRenameWorkflow();
  const [name, setName] = useState(workflow.name);
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const error = submitted && name.trim() === '' ? 'Give the workflow a name.' : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const trimmed = name.trim();
    if (trimmed === '') return input.current?.focus();
    if (trimmed === workflow.name) return onClose();
    rename.mutate({ workflow, name: trimmed }, { onSuccess: onClose });
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} initialFocusRef={input}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          Rename workflow
        </h2>
        <TextField
          ref={input}
          label="Name"
          name="workflowName"
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename
          </Button>
        </div>
      </form>
    </Modal>
  );
}
