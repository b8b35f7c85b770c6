import { useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';
import { useEditorStore } from '../store/editor.store';
import { NODE_HEIGHT_ESTIMATE, NODE_WIDTH } from './flow-config';
import { revealOffset, type ScreenBox } from './reveal-offset';

const MARGIN = 24;
/**
 * What floats over the canvas's corners: the zoom controls, the overview map or the button
 * that shows it, and the type legend (a sibling of the canvas in EditorLayout).
 */
function floatingSelector(overviewShown: boolean): string {
  return `.react-flow__controls, .weft-legend-slot, [data-testid="${overviewShown ? 'overview-map' : 'overview-toggle'}"]`;
}

function floatingBoxes(canvas: HTMLElement, overviewShown: boolean): ScreenBox[] {
  const origin = canvas.getBoundingClientRect();
  const area = canvas.closest('[data-testid="editor-canvas"]')?.parentElement ?? canvas;
  return [...area.querySelectorAll<HTMLElement>(floatingSelector(overviewShown))].map((element) => {
    const r = element.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  });
}

/**
 * Opening a node's settings narrows the canvas, the logs drawer shortens it, and the
 * overview map sits on its corner: the selected node could end up under any of them
 * (issue 13). When the selection, the canvas's size or the map changes, the view slides
 * just far enough to show the node whole and clear of what floats over the canvas.
 */
export function useKeepSelectionVisible() {
  const selectedNodeId = useEditorStore((s) => s.selectedNodeId);
  const overviewShown = useEditorStore((s) => s.overviewShown);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const flowStore = useStoreApi();
  const { setViewport } = useReactFlow();
  useEffect(() => {
    if (!selectedNodeId || !width || !height) return;
    // A frame later, so a map just shown or hidden has been drawn (or removed).
    const frame = requestAnimationFrame(() => {
      const { nodeLookup, transform, domNode } = flowStore.getState();
      const node = nodeLookup.get(selectedNodeId);
      if (!node || node.dragging || !domNode) return;
      const [tx, ty, zoom] = transform;
      const box: ScreenBox = {
        x: node.internals.positionAbsolute.x * zoom + tx,
        y: node.internals.positionAbsolute.y * zoom + ty,
        width: (node.measured.width ?? NODE_WIDTH) * zoom,
        height: (node.measured.height ?? NODE_HEIGHT_ESTIMATE) * zoom,
      };
      const { dx, dy } = revealOffset(box, { width, height }, floatingBoxes(domNode, overviewShown), MARGIN);
      if (dx !== 0 || dy !== 0) void setViewport({ x: tx + dx, y: ty + dy, zoom }, { duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedNodeId, width, height, overviewShown, flowStore, setViewport]);
}
