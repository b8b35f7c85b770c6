import { type EditorState, snapshotOf } from './editor-state';
import { record } from './history';
import type { EditorNode } from './types';
import { openPanel, type UiState } from './ui-state';

/**
 * The one way a document change is made: the state before it becomes an undo step
 * (joined with the previous step when `key` repeats), the unsaved-changes flag goes up
 * and the revision counts on (SPEC.md section 4).
 */
export function commit(state: EditorState, change: Partial<EditorState>, key?: string): Partial<EditorState> {
  return { ...change, history: record(state.history, snapshotOf(state), key), hasUnsavedChanges: true, revision: state.revision + 1 };
}

/**
 * UI that follows the selection. Selecting never opens a panel by itself (the panel would
 * take canvas room on every click and every node added, issue 13): a node's settings open
 * when asked for (double-click, Enter, "Configure"; `openNodeSettings`). A node panel
 * already open follows the selection: the modal if one shows a node, else an unpinned
 * right panel. None or several selected close a node panel that is not pinned, and a
 * node modal.
 */
export function followSelection(state: EditorState, nodes: readonly EditorNode[]): Partial<UiState> {
  let selectedNodeId: string | null = null;
  let count = 0;
  for (const n of nodes) {
    if (!n.selected) continue;
    count += 1;
    selectedNodeId = n.id;
    if (count > 1) break;
  }
  if (count !== 1) selectedNodeId = null;
  if (selectedNodeId === state.selectedNodeId) return {};
  if (selectedNodeId) {
    const follows = state.modalPanel?.kind === 'node' || (state.rightPanel?.kind === 'node' && !state.rightPanelPinned);
    return follows ? { selectedNodeId, ...openPanel(state, { kind: 'node', nodeId: selectedNodeId }) } : { selectedNodeId };
  }
  return {
    selectedNodeId,
    rightPanel: state.rightPanel?.kind === 'node' && !state.rightPanelPinned ? null : state.rightPanel,
    modalPanel: state.modalPanel?.kind === 'node' ? null : state.modalPanel,
  };
}

/** Every node deselected, keeping the objects of nodes that were not selected. */
export function deselectAll<T extends { selected?: boolean }>(items: readonly T[]): T[] {
  return items.map((item) => (item.selected ? { ...item, selected: false } : item));
}
