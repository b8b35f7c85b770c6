/** Fitting the workflow into the overview map: pure arithmetic, tested on its own. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapFit {
  scale: number;
  /** Where flow x = bounds.x lands in the map, centring the content. */
  offsetX: number;
  offsetY: number;
}

const PADDING = 40;

/** The bounds of every rect, padded, or null for none. */
export function boundsOf(rects: Iterable<Rect>): Rect | null {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  if (!Number.isFinite(minX)) return null;
  return { x: minX - PADDING, y: minY - PADDING, width: maxX - minX + 2 * PADDING, height: maxY - minY + 2 * PADDING };
}

export function fitInto(bounds: Rect, width: number, height: number): MapFit {
  const scale = Math.min(width / bounds.width, height / bounds.height);
  return {
    scale,
    offsetX: (width - bounds.width * scale) / 2 - bounds.x * scale,
    offsetY: (height - bounds.height * scale) / 2 - bounds.y * scale,
  };
}

/** The part of the flow the canvas shows, from React Flow's transform [x, y, zoom]. */
export function visibleFlowRect([tx, ty, zoom]: readonly [number, number, number], width: number, height: number): Rect {
  return { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom };
}

export function toMap(rect: Rect, fit: MapFit): Rect {
  return { x: rect.x * fit.scale + fit.offsetX, y: rect.y * fit.scale + fit.offsetY, width: rect.width * fit.scale, height: rect.height * fit.scale };
}

export function toFlow(point: { x: number; y: number }, fit: MapFit): { x: number; y: number } {
  return { x: (point.x - fit.offsetX) / fit.scale, y: (point.y - fit.offsetY) / fit.scale };
}

/**
 * Whether any of the flow rects shows under a box of the canvas given in screen pixels
 * (the overview map's corner), at React Flow's transform [x, y, zoom]. Touching edges do
 * not count, so a node fitted right beside the map leaves it shown.
 */
export function anyUnder(box: Rect, [tx, ty, zoom]: readonly [number, number, number], rects: Iterable<Rect>): boolean {
  const left = (box.x - tx) / zoom;
  const top = (box.y - ty) / zoom;
  const right = left + box.width / zoom;
  const bottom = top + box.height / zoom;
  for (const r of rects) {
    if (r.x < right && left < r.x + r.width && r.y < bottom && top < r.y + r.height) return true;
  }
  return false;
}
