import { type ChangeEvent, useRef } from 'react';
import { Button } from '../ui/Button';
import { UploadIcon } from '../ui/icons';
import { useImportWorkflow } from './useWorkflows';

/** "Import from JSON": a button in front of a hidden `.json` file input. */
export function ImportWorkflowButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const importWorkflow = useImportWorkflow();

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) importWorkflow.mutate(file);
  };

  return (
    <>
      <Button variant={variant} onClick={() => inputRef.current?.click()} loading={importWorkflow.isPending}>
        {!importWorkflow.isPending && <UploadIcon size={16} />}
        Import from JSON
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        className="hidden"
        tabIndex={-1}
        aria-label="Workflow JSON file"
        data-testid="import-workflow-input"
        onChange={onFileChosen}
      />
    </>
  );
}
