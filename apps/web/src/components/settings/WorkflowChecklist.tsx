import type { WorkflowSummary } from '@weft/core';
import { Checkbox } from '../ui/Checkbox';

export interface WorkflowChecklistProps {
  /** Names the group for screen readers, e.g. "Workflows this key may call". */
  label: string;
  workflows: readonly WorkflowSummary[];
  checked: readonly string[];
  onChange(next: string[]): void;
  error?: string | null;
}

/** The user's workflows as checkboxes, in their list's order: which ones a key may call. */
export function WorkflowChecklist({ label, workflows, checked, onChange, error }: WorkflowChecklistProps) {
  const chosen = new Set(checked);
  const toggle = (id: string, on: boolean) => onChange(workflows.map((w) => w.id).filter((w) => (w === id ? on : chosen.has(w))));
  if (workflows.length === 0) return <p className="text-sm text-muted">You have no workflows yet.</p>;
  return (
    <fieldset aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-ink">{label}</legend>
      <div className="max-h-56 space-y-2 overflow-y-auto rounded-lg border border-line px-3 py-2.5">
        {workflows.map((workflow) => (
          <Checkbox key={workflow.id} label={workflow.name} checked={chosen.has(workflow.id)} onChange={(e) => toggle(workflow.id, e.target.checked)} />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
