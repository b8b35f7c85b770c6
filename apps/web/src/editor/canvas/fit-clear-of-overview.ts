import { getViewportForBounds, type Rect, type Viewport } from '@xyflow/react';

export interface FitArea {
  width: number;
  height: number;
  minZoom: number;
  maxZoom: number;
  padding: number;
}

/**
 * The fit-to-view viewport that keeps every node off a box in the bottom-right corner
 * (the overview map, `corner` its size plus its inset): the content is fitted either
 * above that box (full width) or left of it (full height), whichever shows it larger.
 * With no corner it is React Flow's plain fit. Pure, so it is tested without a canvas.
 */
export function fitClearOfCorner(bounds: Rect, area: FitArea, corner: { width: number; height: number } | null): Viewport {
  const { width, height, minZoom, maxZoom, padding } = area;
  if (!corner) return getViewportForBounds(bounds, width, height, minZoom, maxZoom, padding);
  const above = getViewportForBounds(bounds, width, Math.max(1, height - corner.height), minZoom, maxZoom, padding);
  const beside = getViewportForBounds(bounds, Math.max(1, width - corner.width), height, minZoom, maxZoom, padding);
  return above.zoom >= beside.zoom ? above : beside;
}
