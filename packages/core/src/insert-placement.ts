import { type CanvasPoint, freeSpotAround, freeSpotInColumn, NODE_COLUMN_GAP, type NodeBox, type NodeSize, type PlacedNode, placedBox } from './free-spot.js';

/** A converter's or merger's card: a summary line and one row of ports (the editor's node-geometry.ts). */
export const INSERTED_SIZE: NodeSize = { width: 240, height: 130 };

/** Where inserted nodes go, and the nodes moved right to make room for them. */
export interface InsertPlacement {
  /** One top-left corner per inserted node, in chain order (converter, then merger). */
  readonly spots: readonly CanvasPoint[];
  readonly moves: readonly { readonly id: string; readonly position: CanvasPoint }[];
}

type Node = PlacedNode & { readonly id: string };

/** Positions stay on the editor's 15 px grid where they can. */
const GRID = 15;

/**
 * Places `count` nodes inserted on the connection from `source` to `target` (a converter,
 * a merger, or both), so that none covers another node:
 *
 * - when the source sits left of the target, the inserted nodes go in a row between them;
 *   if the gap is too narrow, the target and everything at or right of its left edge move
 *   right by what is missing, all by the same amount, so nothing moved comes closer to
 *   anything (as n8n makes room when a node is put on a connection). The row keeps clear
 *   of the nodes above and below it;
 * - otherwise (a connection drawn backwards or straight down) they go at the midpoint, or
 *   the nearest free spot to it.
 */
export function placeInserted(source: Node, target: Node, count: number, nodes: readonly Node[]): InsertPlacement {
  const s = placedBox(source);
  const t = placedBox(target);
  const spots: CanvasPoint[] = [];
  if (s.x + s.width > t.x) {
    const others = nodes.map(placedBox);
    for (let i = 0; i < count; i++) {
      const centre = along(s, t, (i + 1) / (count + 1));
      const corner = { x: centre.x - INSERTED_SIZE.width / 2, y: centre.y - INSERTED_SIZE.height / 2 };
      spots.push(rounded(freeSpotAround(corner, INSERTED_SIZE, [...others, ...spotBoxes(spots)])));
    }
    return { spots, moves: [] };
  }

  const step = INSERTED_SIZE.width + NODE_COLUMN_GAP;
  const need = NODE_COLUMN_GAP + count * step;
  const available = t.x - (s.x + s.width);
  const shift = need > available ? Math.ceil((need - available) / GRID) * GRID : 0;
  const moves = shift
    ? nodes.filter((n) => n.id !== source.id && n.position.x >= t.x).map((n) => ({ id: n.id, position: { x: n.position.x + shift, y: n.position.y } }))
    : [];
  const movedTo = new Map(moves.map((m) => [m.id, m.position]));
  const after = nodes.map((n) => placedBox({ ...n, position: movedTo.get(n.id) ?? n.position }));
  const spare = Math.max(0, available - need);
  const startX = s.x + s.width + NODE_COLUMN_GAP + Math.floor(spare / 2 / GRID) * GRID;
  for (let i = 0; i < count; i++) {
    // Level with the two ends, between them when they sit at different heights.
    const y = s.y + ((t.y - s.y) * (i + 1)) / (count + 1);
    spots.push(rounded(freeSpotInColumn({ x: startX + i * step, y }, INSERTED_SIZE, [...after, ...spotBoxes(spots)])));
  }
  return { spots, moves };
}

function along(a: NodeBox, b: NodeBox, fraction: number): CanvasPoint {
  const from = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const to = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  return { x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction };
}

function spotBoxes(spots: readonly CanvasPoint[]): NodeBox[] {
  return spots.map((p) => ({ ...p, ...INSERTED_SIZE }));
}

function rounded(p: CanvasPoint): CanvasPoint {
  return { x: Math.round(p.x), y: Math.round(p.y) };
}
