import { type CanvasPoint, freeSpotAround, freeSpotInColumn, NODE_COLUMN_GAP, type NodeBox, type NodeDefinition, type NodeSize } from '@weft/core';
import type { EditorNode } from '../store/types';
import { SNAP_GRID } from './flow-config';
import { nodeGeometry } from './node-geometry';

/** Where a node is added: after a node (click-to-add with one selected), or around a point of the canvas. */
export type NewNodeAt = { readonly after: NodeBox } | { readonly around: CanvasPoint };

/**
 * Every node's box in canvas coordinates: its measured size, else the size the card will
 * draw at (node-geometry.ts), so nodes not rendered yet count at their real size too.
 */
export function canvasBoxes(nodes: readonly EditorNode[], definitions: ReadonlyMap<string, NodeDefinition>): NodeBox[] {
  return nodes.map((n) => {
    const definition = definitions.get(n.data.type);
    const estimate = definition ? nodeGeometry(definition, n.data.config) : { width: 240, height: 110 };
    return { x: n.position.x, y: n.position.y, width: n.measured?.width ?? estimate.width, height: n.measured?.height ?? estimate.height };
  });
}

/**
 * The top-left corner of a new node of `size` (issue 22: "new nodes land connected-ready,
 * never on another node"): to the right of the node it follows, level with it, or the
 * nearest free spot above or below that; else centred on the point (the drop point, or
 * the middle of the view), or the nearest free spot beside it. On the canvas grid; the
 * air kept around cards is larger than a grid step, so snapping never makes two touch.
 */
export function newNodeSpot(at: NewNodeAt, size: NodeSize, boxes: readonly NodeBox[]): CanvasPoint {
  const spot =
    'after' in at
      ? freeSpotInColumn({ x: at.after.x + at.after.width + NODE_COLUMN_GAP, y: at.after.y }, size, boxes)
      : freeSpotAround({ x: at.around.x - size.width / 2, y: at.around.y - size.height / 2 }, size, boxes);
  const [gx, gy] = SNAP_GRID;
  return { x: Math.round(spot.x / gx) * gx, y: Math.round(spot.y / gy) * gy };
}
