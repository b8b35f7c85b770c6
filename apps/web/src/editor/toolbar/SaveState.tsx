import { useEditorStore } from '../store/editor.store';

/**
 * "Unsaved changes" while the flag is up (SPEC.md section 4), else where the work stands.
 * The words for a saved workflow show only on wide screens (a green dot, its tooltip and
 * the screen reader say it elsewhere), so the toolbar's named tools fit beside the name.
 */
export function SaveState() {
  const dirty = useEditorStore((s) => s.hasUnsavedChanges);
  const stored = useEditorStore((s) => s.workflowId !== null);
  const text = dirty ? 'Unsaved changes' : stored ? 'All changes saved' : 'Not saved yet';
  return (
    <span className="hidden shrink-0 items-center gap-1.5 text-xs text-subtle md:inline-flex" data-testid="save-state" aria-live="polite" title={text}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${dirty ? 'bg-warn' : stored ? 'bg-ok' : 'bg-subtle'}`} />
      <span className={dirty ? '' : 'sr-only 2xl:not-sr-only'}>{text}</span>
    </span>
  );
}
