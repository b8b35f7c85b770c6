import { useEffect, useState } from 'react';
import { SettingsIcon } from '../../components/ui/icons';
import { shortcutLabel } from '../useEditorShortcuts';
import { WorkflowSettingsDialog } from './WorkflowSettingsDialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The toolbar's Workflow settings button and its dialog; Ctrl/Cmd+, opens it from anywhere
 * in the editor (the usual settings key), unless another dialog is open.
 */
export function WorkflowSettingsButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ',' || !(isMac ? event.metaKey : event.ctrlKey) || event.altKey || event.shiftKey) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        aria-label="Workflow settings"
        title={`Workflow settings: how much runs keep, failure alerts (${shortcutLabel(',')})`}
        aria-haspopup="dialog"
        aria-keyshortcuts={isMac ? 'Meta+,' : 'Control+,'}
        onClick={() => setOpen(true)}
        data-testid="workflow-settings-button"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <SettingsIcon />
      </button>
      {open && <WorkflowSettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
