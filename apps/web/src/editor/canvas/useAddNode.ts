import { defaultConfig } from '@weft/core';
import { useReactFlow, useStoreApi, type XYPosition } from '@xyflow/react';
import { useCallback } from 'react';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { canvasBoxes, type NewNodeAt, newNodeSpot } from './new-node-spot';
import { nodeGeometry } from './node-geometry';

/**
 * Adds a node. A click in the library with one node selected puts it to the right of
 * that node, fed by it when their types fit (n8n's way of building a chain); with none,
 * in the middle of the visible canvas. A library drag puts it at the drop point. Never on
 * another node: the nearest free spot instead (`newNodeSpot`). Must run inside the
 * ReactFlowProvider.
 */
export function useAddNode() {
  const { screenToFlowPosition } = useReactFlow();
  const flowStore = useStoreApi();
  return useCallback(
    (type: string, screenPoint?: XYPosition) => {
      const s = useEditorStore.getState();
      const definition = s.definitionsByType.get(type);
      if (!definition) {
        toast.error(`Unknown node type ${type}: it is not in this server's node library.`);
        return null;
      }
      const boxes = canvasBoxes(s.nodes, s.definitionsByType);
      const anchorIndex = screenPoint || !s.selectedNodeId ? -1 : s.nodes.findIndex((n) => n.id === s.selectedNodeId);
      const anchor = anchorIndex >= 0 ? boxes[anchorIndex] : undefined;
      let at: NewNodeAt;
      if (anchor) at = { after: anchor };
      else {
        let point = screenPoint;
        if (!point) {
          const rect = flowStore.getState().domNode?.getBoundingClientRect();
          point = rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : { x: 0, y: 0 };
        }
        at = { around: screenToFlowPosition(point) };
      }
      const position = newNodeSpot(at, nodeGeometry(definition, defaultConfig(definition)), boxes);
      return s.addNode(type, position, anchor ? { wireFrom: s.selectedNodeId ?? undefined } : {});
    },
    [screenToFlowPosition, flowStore],
  );
}
