import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../stores/confirm.store';
import { useEditorStore } from './store/editor.store';

/**
 * SPEC.md section 4: with unsaved changes, leaving asks first. In-app navigation is held
 * by react-router's blocker and confirmed in the app's dialog; closing or reloading the
 * tab gets the browser's own prompt (browsers allow no custom dialog there).
 */
export function useUnsavedChangesGuard() {
  const dirty = useEditorStore((s) => s.hasUnsavedChanges);
  // Read from the store at navigation time: a save that just finished may not have re-rendered yet.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => useEditorStore.getState().hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirmDialog({
      title: 'Leave without saving?',
      message: `Your changes to “${useEditorStore.getState().name}” have not been saved and will be lost.`,
      confirmLabel: 'Leave without saving',
      cancelLabel: 'Stay',
      danger: true,
    }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
