import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { WorkflowSettingsDialog } from './WorkflowSettingsDialog';

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export interface WorkflowSettingsControl {
  open(): void;
  /** The dialog while open: mounted by the toolbar, outside the menu that opens it. */
  dialog: ReactNode;
}

/**
 * Workflow settings, opened from the toolbar's Workflow menu; Ctrl/Cmd+, opens it from
 * anywhere in the editor (the usual settings key), unless another dialog is open.
 */
export function useWorkflowSettings(): WorkflowSettingsControl {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ',' || !(isMac ? event.metaKey : event.ctrlKey) || event.altKey || event.shiftKey) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      setShown(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const open = useCallback(() => setShown(true), []);
  return { open, dialog: shown ? <WorkflowSettingsDialog onClose={() => setShown(false)} /> : null };
}
