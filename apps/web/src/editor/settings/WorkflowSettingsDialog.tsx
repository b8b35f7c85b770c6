import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useEditorStore } from '../store/editor.store';
import { FailureAlertsSection } from './FailureAlertsSection';
import { RUN_DATA_OPTIONS, runDataChoice } from './run-data-options';
import { WorkflowUsageSection } from './WorkflowUsageSection';

/**
 * Settings of the whole workflow. How much a successful run keeps is the document's
 * `settings`: a choice changes the document at once, like any edit (undoable, marked
 * unsaved, stored with the next save). Failure alerts are saved on their own, with their
 * own button (FailureAlertsSection).
 */
export function WorkflowSettingsDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const hintId = useId();
  const mode = useEditorStore((s) => s.settings.successfulRunData);
  const unsaved = useEditorStore((s) => s.hasUnsavedChanges);
  const setMode = useEditorStore((s) => s.setSuccessfulRunData);
  const chosen = runDataChoice(mode);

  return (
    <Modal labelledBy={titleId} describedBy={hintId} onClose={onClose} variant="panel">
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-6" data-testid="workflow-settings">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          Workflow settings
        </h2>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-ink">How much a successful run keeps</legend>
          <p id={hintId} className="-mt-1 text-xs leading-5 text-muted">
            What the run history holds of each successful run. Failed and cancelled runs always keep everything, so you can see what went wrong.
          </p>
          {RUN_DATA_OPTIONS.map((option) => {
            const value = runDataChoice(option.mode);
            return (
              <label
                key={value}
                className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors ${
                  chosen === value ? 'border-brand/40 bg-brand-soft/40' : 'border-line hover:bg-surface-2'
                }`}
              >
                <input
                  type="radio"
                  name="successful-run-data"
                  value={value}
                  checked={chosen === value}
                  onChange={() => setMode(option.mode ?? undefined)}
                  className="mt-0.5 size-4 shrink-0 accent-brand"
                  data-testid={`run-data-${value}`}
                />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="text-sm font-medium text-ink">{option.label}</span>
                  <span className="text-xs leading-5 text-muted">{option.description}</span>
                </span>
              </label>
            );
          })}
          <p className="text-xs text-subtle" aria-live="polite">
            {unsaved ? 'Applies to runs after the workflow is saved.' : 'Saved with the workflow.'}
          </p>
        </fieldset>
        <hr className="border-line" />
        <FailureAlertsSection />
        <hr className="border-line" />
        <WorkflowUsageSection />
      </div>
      <div className="flex shrink-0 justify-end border-t border-line px-6 py-3">
        <Button variant="secondary" onClick={onClose} data-testid="workflow-settings-done">
          Done
        </Button>
      </div>
    </Modal>
  );
}
