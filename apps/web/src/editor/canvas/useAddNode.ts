import { useReactFlow, useStoreApi, type XYPosition } from '@xyflow/react';
import { useCallback } from 'react';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { NODE_HEIGHT_ESTIMATE, NODE_WIDTH, SNAP_GRID } from './flow-config';

/** Where stacked click-adds step to, so each new node stays visible. */
const STACK_STEP = 30;

function snap(p: XYPosition): XYPosition {
  const [gx, gy] = SNAP_GRID;
  return { x: Math.round(p.x / gx) * gx, y: Math.round(p.y / gy) * gy };
}

/**
 * Adds a node centred on a screen point: the drop point of a library drag, or the
 * middle of the visible canvas for click-to-add. Must run inside the ReactFlowProvider.
 */
export function useAddNode() {
  const { screenToFlowPosition } = useReactFlow();
  const flowStore = useStoreApi();
  return useCallback(
    (type: string, screenPoint?: XYPosition) => {
      let point = screenPoint;
      if (!point) {
        const rect = flowStore.getState().domNode?.getBoundingClientRect();
        point = rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : { x: 0, y: 0 };
      }
      const centre = screenToFlowPosition(point);
      let position = snap({ x: centre.x - NODE_WIDTH / 2, y: centre.y - NODE_HEIGHT_ESTIMATE / 2 });
      if (!screenPoint) {
        const taken = new Set(useEditorStore.getState().nodes.map((n) => `${n.position.x},${n.position.y}`));
        while (taken.has(`${position.x},${position.y}`)) position = { x: position.x + STACK_STEP, y: position.y + STACK_STEP };
      }
      const node = useEditorStore.getState().addNode(type, position);
      if (!node) toast.error(`Unknown node type ${type}: it is not in this server's node library.`);
      return node;
    },
    [screenToFlowPosition, flowStore],
  );
}
