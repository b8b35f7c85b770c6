import type { DataType } from '@weft/core';
import type { PanelContent } from './types';

/** The editor's UI panel state (SPEC.md section 3), separate from the document. */
export interface UiState {
  rightPanel: PanelContent | null;
  rightPanelPinned: boolean;
  modalPanel: PanelContent | null;
  libraryCollapsed: boolean;
  logsExpanded: boolean;
  /** The logs drawer folded itself for a node's settings (`logsGiveWay`) and unfolds when they close. */
  logsFoldedForSettings: boolean;
  /**
   * The user wants the overview map in the canvas corner (remembered in local storage);
   * hidden, it gives that corner back to nodes.
   */
  overviewShown: boolean;
  /** The data type of the connection being dragged; the canvas and legend highlight it. */
  highlightedDataType: DataType | null;
  /** The user is panning or zooming the canvas: the overview map shows even over nodes. */
  viewMoving: boolean;
  /**
   * The view is as fit-to-view left it (moves of the editor's own, such as sliding a node
   * into sight, keep it so): when the canvas changes size it is fitted again. The user
   * panning or zooming ends it.
   */
  viewFitted: boolean;
  /** The one selected node, or null when none or several are selected. */
  selectedNodeId: string | null;
  /** Set on load; the canvas fits the view once nodes are measured, then clears it. */
  fitViewRequested: boolean;
}

export const INITIAL_UI: UiState = {
  rightPanel: null,
  rightPanelPinned: false,
  modalPanel: null,
  libraryCollapsed: false,
  logsExpanded: false,
  logsFoldedForSettings: false,
  overviewShown: true,
  viewMoving: false,
  viewFitted: false,
  highlightedDataType: null,
  selectedNodeId: null,
  fitViewRequested: false,
};

export function samePanel(a: PanelContent | null, b: PanelContent | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind) return false;
  return a.kind === 'globals' || (b.kind === 'node' && a.nodeId === b.nodeId);
}

/**
 * SPEC.md section 4: if the right panel is pinned and showing something, different
 * content opens in the modal panel; otherwise it replaces the right panel and the
 * modal closes.
 */
export function openPanel(
  ui: Pick<UiState, 'rightPanel' | 'rightPanelPinned' | 'modalPanel'>,
  content: PanelContent,
): Pick<UiState, 'rightPanel' | 'modalPanel'> {
  if (ui.rightPanelPinned && ui.rightPanel) {
    if (samePanel(ui.rightPanel, content)) return { rightPanel: ui.rightPanel, modalPanel: null };
    return { rightPanel: ui.rightPanel, modalPanel: content };
  }
  return { rightPanel: content, modalPanel: null };
}

/** Panels that show a node which no longer exists close. */
export function prunePanels(ui: Pick<UiState, 'rightPanel' | 'modalPanel' | 'rightPanelPinned'>, exists: (nodeId: string) => boolean) {
  const keep = (p: PanelContent | null) => (p && p.kind === 'node' && !exists(p.nodeId) ? null : p);
  const rightPanel = keep(ui.rightPanel);
  return { rightPanel, modalPanel: keep(ui.modalPanel), rightPanelPinned: rightPanel ? ui.rightPanelPinned : false };
}

type LogsRoom = Pick<UiState, 'rightPanel' | 'logsExpanded' | 'logsFoldedForSettings'>;

/**
 * Panels make room for each other (issue 22: with the settings and the logs open at once
 * the canvas kept under a third of a 1280×720 window). A node's settings opening while the
 * logs drawer is open fold the drawer, since the settings show what the node received and
 * gave; closing them unfolds it again. The user unfolding it meanwhile (or a run doing so)
 * makes it theirs: it then stays. The change to apply after `prev` became `next`, or null.
 */
export function logsGiveWay(prev: LogsRoom, next: LogsRoom): Partial<UiState> | null {
  const wasOpen = prev.rightPanel?.kind === 'node';
  const isOpen = next.rightPanel?.kind === 'node';
  if (!wasOpen && isOpen && next.logsExpanded) return { logsExpanded: false, logsFoldedForSettings: true };
  if (next.logsFoldedForSettings && next.logsExpanded) return { logsFoldedForSettings: false };
  if (wasOpen && !isOpen && next.logsFoldedForSettings) return { logsExpanded: true, logsFoldedForSettings: false };
  return null;
}
