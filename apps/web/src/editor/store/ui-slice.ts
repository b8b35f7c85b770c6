import type { StateCreator } from 'zustand';
import type { EditorState, UiActions } from './editor-state';
import { INITIAL_UI, openPanel, type UiState } from './ui-state';

/** Panel state (SPEC.md sections 3 and 4); none of it marks the document changed. */
export const createUiSlice: StateCreator<EditorState, [], [], UiState & UiActions> = (set) => ({
  ...INITIAL_UI,
  openPanel(content) {
    set((s) => openPanel(s, content));
  },
  closeRightPanel() {
    set({ rightPanel: null, rightPanelPinned: false });
  },
  closeModalPanel() {
    set({ modalPanel: null });
  },
  setRightPanelPinned(pinned) {
    set((s) => ({ rightPanelPinned: pinned && s.rightPanel !== null }));
  },
  setLibraryCollapsed(libraryCollapsed) {
    set({ libraryCollapsed });
  },
  setLogsExpanded(logsExpanded) {
    set({ logsExpanded });
  },
  setOverviewShown(overviewShown) {
    set({ overviewShown });
  },
  setHighlightedDataType(highlightedDataType) {
    set((s) => (s.highlightedDataType === highlightedDataType ? s : { highlightedDataType }));
  },
  requestFitView() {
    set({ fitViewRequested: true });
  },
  fitViewDone() {
    set({ fitViewRequested: false });
  },
});
