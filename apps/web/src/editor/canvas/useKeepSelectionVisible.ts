import { useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';
import { useEditorStore } from '../store/editor.store';
import { NODE_WIDTH } from './flow-config';

const MARGIN = 24;

/**
 * Selecting a node opens its settings on the right, which narrows the canvas; a node
 * near the right edge would end up under the panel. When the selected node is partly
 * outside the canvas, the view slides just far enough to show it.
 */
export function useKeepSelectionVisible() {
  const selectedNodeId = useEditorStore((s) => s.selectedNodeId);
  const width = useStore((s) => s.width);
  const flowStore = useStoreApi();
  const { setViewport } = useReactFlow();
  useEffect(() => {
    if (!selectedNodeId || !width) return;
    const { nodeLookup, transform } = flowStore.getState();
    const node = nodeLookup.get(selectedNodeId);
    if (!node || node.dragging) return;
    const [tx, ty, zoom] = transform;
    const left = node.internals.positionAbsolute.x * zoom + tx;
    const right = left + (node.measured.width ?? NODE_WIDTH) * zoom;
    let dx = 0;
    if (right > width - MARGIN) dx = width - MARGIN - right;
    if (left + dx < MARGIN) dx = MARGIN - left;
    if (dx !== 0) void setViewport({ x: tx + dx, y: ty, zoom }, { duration: 200 });
  }, [selectedNodeId, width, flowStore, setViewport]);
}
