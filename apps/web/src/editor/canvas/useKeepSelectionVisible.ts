import { type InternalNode, useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useEditorStore } from '../store/editor.store';
import { NODE_HEIGHT_ESTIMATE, NODE_WIDTH } from './flow-config';
import { focusBox, revealOffset, type ScreenBox } from './reveal-offset';
import { useFitView } from './useFitView';

const MARGIN = 24;
/**
 * What floats over the canvas's corners: the zoom controls (with the overview map's
 * toggle), the overview map, and the type legend (a sibling of the canvas in EditorLayout).
 */
const FLOATING = '.react-flow__controls, .weft-legend-slot, [data-testid="overview-map"]';

export function floatingBoxes(canvas: HTMLElement): ScreenBox[] {
  const origin = canvas.getBoundingClientRect();
  const area = canvas.closest('[data-testid="editor-canvas"]')?.parentElement ?? canvas;
  return [...area.querySelectorAll<HTMLElement>(FLOATING)].map((element) => {
    const r = element.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  });
}

export function screenBox(node: InternalNode, [tx, ty, zoom]: readonly [number, number, number]): ScreenBox {
  return {
    x: node.internals.positionAbsolute.x * zoom + tx,
    y: node.internals.positionAbsolute.y * zoom + ty,
    width: (node.measured.width ?? NODE_WIDTH) * zoom,
    height: (node.measured.height ?? NODE_HEIGHT_ESTIMATE) * zoom,
  };
}

/** The nodes wired to `nodeId`, either way. */
function neighbourIds(nodeId: string): Set<string> {
  const ids = new Set<string>();
  for (const edge of useEditorStore.getState().edges) {
    if (edge.source === nodeId) ids.add(edge.target);
    if (edge.target === nodeId) ids.add(edge.source);
  }
  ids.delete(nodeId);
  return ids;
}

/**
 * The view follows the room the canvas has (issues 13 and 22). Opening a node's settings
 * narrows the canvas, the logs drawer shortens it, and the overview map sits on its corner:
 * - a view still as fit-to-view left it is fitted again to the new size, so the whole
 *   workflow stays in sight as the logs open and close and comes back whole when a node's
 *   settings close (until the user pans or zooms);
 * - the selected node is then slid just far enough to show whole and clear of what floats
 *   over the canvas; while its settings are open, with the nodes wired to it as far as
 *   they fit, so configuring a node never hides where its data comes from and goes.
 */
export function useKeepSelectionVisible() {
  const selectedNodeId = useEditorStore((s) => s.selectedNodeId);
  const configuring = useEditorStore((s) => s.selectedNodeId !== null && s.rightPanel?.kind === 'node' && s.rightPanel.nodeId === s.selectedNodeId);
  const overviewShown = useEditorStore((s) => s.overviewShown);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const flowStore = useStoreApi();
  const { setViewport } = useReactFlow();
  const fitView = useFitView();
  const fittedSize = useRef<{ width: number; height: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map shown or hidden changes what floats over the canvas, read from the page.
  useEffect(() => {
    if (!width || !height) return;
    // A frame later, so a map just shown or hidden has been drawn (or removed).
    const frame = requestAnimationFrame(() => {
      const ui = useEditorStore.getState();
      const resized = fittedSize.current !== null && (fittedSize.current.width !== width || fittedSize.current.height !== height);
      fittedSize.current = { width, height };
      // At once, not animated: the panel or drawer that changed the size appeared at once too.
      // Not while a node is configured: the whole workflow shrunk into what the settings
      // leave would be too small to read; the node and its neighbours slide in instead, and
      // the whole comes back when the settings close.
      if (resized && ui.viewFitted && !ui.fitViewRequested && !configuring) fitView(0);
      if (!selectedNodeId) return;
      const { nodeLookup, transform, domNode } = flowStore.getState();
      const node = nodeLookup.get(selectedNodeId);
      if (!node || node.dragging || !domNode) return;
      const view = { width, height };
      let box = screenBox(node, transform);
      if (configuring) {
        const neighbours = [...neighbourIds(selectedNodeId)].flatMap((id) => {
          const other = nodeLookup.get(id);
          return other ? [screenBox(other, transform)] : [];
        });
        box = focusBox(box, neighbours, view, MARGIN);
      }
      const { dx, dy } = revealOffset(box, view, floatingBoxes(domNode), MARGIN);
      const [tx, ty, zoom] = transform;
      if (dx !== 0 || dy !== 0) void setViewport({ x: tx + dx, y: ty + dy, zoom }, { duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedNodeId, configuring, width, height, overviewShown, flowStore, setViewport, fitView]);
}
