/** A rectangle in screen pixels, relative to the canvas's top-left corner. */
export interface ScreenBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Offset {
  dx: number;
  dy: number;
}

function overlaps(a: ScreenBox, b: ScreenBox, margin: number): boolean {
  return a.x < b.x + b.width + margin && b.x < a.x + a.width + margin && a.y < b.y + b.height + margin && b.y < a.y + a.height + margin;
}

/** The shift along one axis that brings [start, end] inside [0, size] with a margin; the start wins when it cannot fit. */
function intoRange(start: number, end: number, size: number, margin: number): number {
  let d = 0;
  if (end > size - margin) d = size - margin - end;
  if (start + d < margin) d = margin - start;
  return d;
}

/**
 * How far to pan so a node is inside the canvas and clear of what floats over its
 * corners (the overview map): the smallest move, never one that pushes the node out
 * again. Panning by the offset moves the node by the same amount. Pure, so the rule is
 * tested without a browser; `useKeepSelectionVisible` measures and applies it.
 */
export function revealOffset(node: ScreenBox, view: { width: number; height: number }, obstacles: readonly ScreenBox[], margin: number): Offset {
  const dx = intoRange(node.x, node.x + node.width, view.width, margin);
  const dy = intoRange(node.y, node.y + node.height, view.height, margin);
  let moved = { ...node, x: node.x + dx, y: node.y + dy };
  let offset = { dx, dy };
  for (const obstacle of obstacles) {
    if (!overlaps(moved, obstacle, margin)) continue;
    // Clear the obstacle upwards or leftwards (it sits in a bottom or right corner),
    // whichever moves less and keeps the node inside the canvas.
    const candidates: Offset[] = [
      { dx: 0, dy: obstacle.y - margin - (moved.y + moved.height) },
      { dx: obstacle.x - margin - (moved.x + moved.width), dy: 0 },
      { dx: 0, dy: obstacle.y + obstacle.height + margin - moved.y },
      { dx: obstacle.x + obstacle.width + margin - moved.x, dy: 0 },
    ].filter((c) => moved.x + c.dx >= 0 && moved.y + c.dy >= 0 && moved.x + moved.width + c.dx <= view.width && moved.y + moved.height + c.dy <= view.height);
    const best = candidates.sort((a, b) => Math.abs(a.dx) + Math.abs(a.dy) - (Math.abs(b.dx) + Math.abs(b.dy)))[0];
    if (!best) continue;
    moved = { ...moved, x: moved.x + best.dx, y: moved.y + best.dy };
    offset = { dx: offset.dx + best.dx, dy: offset.dy + best.dy };
  }
  return offset;
}

/** The smallest box holding all the given boxes (at least one). */
function union(boxes: readonly ScreenBox[]): ScreenBox {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * What to bring into sight while a node is configured (issue 22, "without hiding the
 * node's neighbours"): the node with the nodes wired to it when they fit in the view
 * together, margins included; else the node with the neighbours that fit beside it,
 * nearest first; at least the node itself.
 */
export function focusBox(node: ScreenBox, neighbours: readonly ScreenBox[], view: { width: number; height: number }, margin: number): ScreenBox {
  const fits = (b: ScreenBox) => b.width <= view.width - 2 * margin && b.height <= view.height - 2 * margin;
  const all = union([node, ...neighbours]);
  if (fits(all)) return all;
  const centre = (b: ScreenBox) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  const c = centre(node);
  const distance = (b: ScreenBox) => Math.hypot(centre(b).x - c.x, centre(b).y - c.y);
  let box = node;
  for (const neighbour of [...neighbours].sort((a, b) => distance(a) - distance(b))) {
    const grown = union([box, neighbour]);
    if (fits(grown)) box = grown;
  }
  return box;
}
