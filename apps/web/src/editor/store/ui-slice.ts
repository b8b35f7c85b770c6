import type { StateCreator } from 'zustand';
import type { EditorState, UiActions } from './editor-state';
import { readOverviewShown, writeOverviewShown } from './overview-preference';
import { INITIAL_UI, openPanel, type UiState } from './ui-state';

/** Panel state (SPEC.md sections 3 and 4); none of it marks the document changed. */
export const createUiSlice: StateCreator<EditorState, [], [], UiState & UiActions> = (set) => ({
  ...INITIAL_UI,
  overviewShown: readOverviewShown(),
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
    writeOverviewShown(overviewShown);
    set({ overviewShown });
  },
  setViewMoving(viewMoving) {
    // The user moving the view takes it off the fitted one.
    set((s) => {
      if (viewMoving) return s.viewMoving && !s.viewFitted ? s : { viewMoving, viewFitted: false };
      return s.viewMoving ? { viewMoving } : s;
    });
  },
  setViewFitted(viewFitted) {
    set((s) => (s.viewFitted === viewFitted ? s : { viewFitted }));
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
