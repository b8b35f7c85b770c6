import { create } from 'zustand';
import { onSignOut } from '../../stores/auth.store';
import { createDocumentSlice } from './document-slice';
import { createEditSlice } from './edit-slice';
import type { EditorState } from './editor-state';
import { createGraphSlice } from './graph-slice';
import { createIterateSlice } from './iterate-slice';
import { createUiSlice } from './ui-slice';

/**
 * The editor's one store (STYLE.md rule 7): the open workflow, its undo history, the
 * clipboard and the panel state. The canvas renders `nodes` and `edges` directly, so
 * React Flow nodes and stored nodes are the same objects.
 */
export const createEditorStore = () =>
  create<EditorState>()((...a) => ({
    ...createDocumentSlice(...a),
    ...createGraphSlice(...a),
    ...createEditSlice(...a),
    ...createIterateSlice(...a),
    ...createUiSlice(...a),
  }));

export const useEditorStore = createEditorStore();

// SPEC.md section 4: signing out resets the editor.
onSignOut(() => useEditorStore.getState().reset());
