/**
 * Where a node can go on the canvas without covering another: the one rule for nodes the
 * connection rules insert, nodes the editor adds and copies it drops. Positions are
 * top-left corners, as the editor stores them; sizes are what the editor measured, else
 * an editor card's before it is measured.
 */

/** A node where it sits, with the size the canvas measured when there is one. */
export interface PlacedNode {
  position: { x: number; y: number };
  measured?: { width?: number; height?: number };
}

export interface CanvasPoint {
  x: number;
  y: number;
}

export interface NodeSize {
  width: number;
  height: number;
}

export interface NodeBox extends CanvasPoint, NodeSize {}

/** An editor card's size before the canvas has measured it. */
export const UNMEASURED_CARD: NodeSize = { width: 240, height: 110 };
/** The air kept around every card. */
export const NODE_AIR = 24;
/** The gap between a card and the next one in a left-to-right chain. */
export const NODE_COLUMN_GAP = 60;

export function placedSize(n: PlacedNode): NodeSize {
  return { width: n.measured?.width ?? UNMEASURED_CARD.width, height: n.measured?.height ?? UNMEASURED_CARD.height };
}

export function placedBox(n: PlacedNode): NodeBox {
  return { x: n.position.x, y: n.position.y, ...placedSize(n) };
}

/** Whether two boxes come closer than `air` to each other. */
export function boxesTouch(a: NodeBox, b: NodeBox, air = NODE_AIR): boolean {
  return a.x < b.x + b.width + air && b.x < a.x + a.width + air && a.y < b.y + b.height + air && b.y < a.y + a.height + air;
}

function isFree(spot: CanvasPoint, size: NodeSize, boxes: readonly NodeBox[]): boolean {
  const box = { ...spot, ...size };
  return !boxes.some((b) => boxesTouch(box, b));
}

/**
 * `spot`, or the nearest spot straight above or below it where a box of `size` keeps its
 * air from every box. The candidates are the spot itself and the places just past each
 * box in the way, so this always ends (below the lowest box is free) and never steps
 * over a gap that would have done.
 */
export function freeSpotInColumn(spot: CanvasPoint, size: NodeSize, boxes: readonly NodeBox[]): CanvasPoint {
  const inColumn = boxes.filter((b) => b.x < spot.x + size.width + NODE_AIR && spot.x < b.x + b.width + NODE_AIR);
  const ys = [spot.y, ...inColumn.flatMap((b) => [b.y + b.height + NODE_AIR, b.y - size.height - NODE_AIR])];
  // Nearest first; at equal distance, downwards (the way a reader goes on).
  ys.sort((a, b) => Math.abs(a - spot.y) - Math.abs(b - spot.y) || b - a);
  for (const y of ys) if (isFree({ x: spot.x, y }, size, inColumn)) return { x: spot.x, y };
  return spot;
}

/** As {@link freeSpotInColumn}, sideways: `spot` or the nearest free spot left or right of it. */
export function freeSpotInRow(spot: CanvasPoint, size: NodeSize, boxes: readonly NodeBox[]): CanvasPoint {
  const flipped = (b: NodeBox): NodeBox => ({ x: b.y, y: b.x, width: b.height, height: b.width });
  const found = freeSpotInColumn({ x: spot.y, y: spot.x }, { width: size.height, height: size.width }, boxes.map(flipped));
  return { x: found.y, y: spot.y };
}

/**
 * `spot` when a box of `size` is free there, else the nearer of the nearest free spots
 * straight above or below and straight left or right of it: a node dropped on another
 * lands just beside it.
 */
export function freeSpotAround(spot: CanvasPoint, size: NodeSize, boxes: readonly NodeBox[]): CanvasPoint {
  if (isFree(spot, size, boxes)) return spot;
  const vertical = freeSpotInColumn(spot, size, boxes);
  const sideways = freeSpotInRow(spot, size, boxes);
  return Math.abs(sideways.x - spot.x) < Math.abs(vertical.y - spot.y) ? sideways : vertical;
}

/**
 * How far down copies of `group` go so that none covers a node of `nodes` (which holds the
 * originals): a duplicate lands just under what it copies, below anything in the way.
 * Each collision moves the copies just past the node hit, so this ends within one step
 * per node.
 */
export function freeDropBelow(group: readonly PlacedNode[], nodes: readonly PlacedNode[]): CanvasPoint {
  const top = Math.min(...group.map((n) => n.position.y));
  let dy = Math.max(...group.map((n) => n.position.y + placedSize(n).height)) - top + NODE_AIR;
  const others = nodes.map(placedBox);
  for (let step = 0; step <= nodes.length; step++) {
    const hit = firstHit(group, others, dy);
    if (!hit) break;
    dy = hit.node.y + hit.node.height + NODE_AIR - hit.copy.position.y;
  }
  return { x: 0, y: dy };
}

function firstHit(group: readonly PlacedNode[], nodes: readonly NodeBox[], dy: number): { copy: PlacedNode; node: NodeBox } | undefined {
  for (const copy of group) {
    const moved = { ...placedBox(copy), y: copy.position.y + dy };
    const node = nodes.find((b) => boxesTouch(moved, b));
    if (node) return { copy, node };
  }
  return undefined;
}
