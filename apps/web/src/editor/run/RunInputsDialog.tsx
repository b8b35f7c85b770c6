import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { PlayIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/Modal';
import type { RunInputField } from './run-inputs';

interface RunInputsDialogProps {
  fields: readonly RunInputField[];
  onSubmit(values: Record<string, string>): void;
  onCancel(): void;
}

const textareaClasses =
  'min-h-[4.5rem] w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink shadow-xs outline-none transition placeholder:text-subtle focus:border-brand focus:ring-3 focus:ring-brand/20 focus-visible:outline-none';

/**
 * Asks for the value of each Text Input set to "ask when the workflow runs", filled with
 * the node's configured text and labelled by the node's label. Enter runs (Shift+Enter
 * starts a new line); Escape, the backdrop and Cancel close without running.
 */
export function RunInputsDialog({ fields, onSubmit, onCancel }: RunInputsDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.nodeId, f.initial])));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onSubmit(values);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Modal labelledBy={titleId} describedBy={descriptionId} onClose={onCancel}>
      <form onSubmit={submit} data-testid="run-inputs-dialog">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          Run inputs
        </h2>
        <p id={descriptionId} className="mt-1 text-sm leading-6 text-muted">
          {fields.length === 1 ? 'This workflow asks for a value' : 'This workflow asks for these values'} before it runs. Press Enter to run, Shift+Enter for a
          new line.
        </p>
        <div className="mt-5 max-h-[55vh] space-y-4 overflow-y-auto pr-1">
          {fields.map((field) => (
            <InputField
              key={field.nodeId}
              field={field}
              value={values[field.nodeId] ?? ''}
              onChange={(value) => setValues((v) => ({ ...v, [field.nodeId]: value }))}
              onKeyDown={onKeyDown}
            />
          ))}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" data-testid="run-inputs-submit">
            <PlayIcon size={14} />
            Run
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function InputField({
  field,
  value,
  onChange,
  onKeyDown,
}: {
  field: RunInputField;
  value: string;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {field.label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        className={textareaClasses}
        data-testid="run-input"
        data-node-id={field.nodeId}
      />
    </div>
  );
}
