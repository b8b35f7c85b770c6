import { useEditorStore } from '../store/editor.store';

/** A node's card on the canvas (React Flow's wrapper, focusable), or null when not drawn. */
export function nodeCard(nodeId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(nodeId)}"]`);
}

/** The node a key acts on: the focused node card (Tab walks them), else the one selected node. */
export function focusedOrSelectedNode(active: Element | null): string | null {
  const focused = active?.closest('.react-flow__node')?.getAttribute('data-id');
  return focused ?? useEditorStore.getState().selectedNodeId;
}
