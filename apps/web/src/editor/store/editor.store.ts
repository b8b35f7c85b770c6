import { create } from 'zustand';
import { onSignOut } from '../../stores/auth.store';
import { createDocumentSlice } from './document-slice';
import { createEditSlice } from './edit-slice';
import type { EditorState } from './editor-state';
import { createGraphSlice } from './graph-slice';
import { createIterateSlice } from './iterate-slice';
import { createUiSlice } from './ui-slice';
import { logsGiveWay } from './ui-state';

/**
 * The editor's one store (STYLE.md rule 7): the open workflow, its undo history, the
 * clipboard and the panel state. The canvas renders `nodes` and `edges` directly, so
 * React Flow nodes and stored nodes are the same objects.
 */
export const createEditorStore = () => {
  const store = create<EditorState>()((...a) => ({
    ...createDocumentSlice(...a),
    ...createGraphSlice(...a),
    ...createEditSlice(...a),
    ...createIterateSlice(...a),
    ...createUiSlice(...a),
  }));
  // One rule across every way a panel opens or closes (double-click, Enter, the setup bar,
  // following the selection, load): the logs drawer gives way to a node's settings.
  store.subscribe((next, prev) => {
    const patch = logsGiveWay(prev, next);
    if (patch) store.setState(patch);
  });
  return store;
};

export const useEditorStore = createEditorStore();

// SPEC.md section 4: signing out resets the editor.
onSignOut(() => useEditorStore.getState().reset());
