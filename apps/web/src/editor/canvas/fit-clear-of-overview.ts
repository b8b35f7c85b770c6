import { getViewportForBounds, type Rect, type Viewport } from '@xyflow/react';

export interface FitArea {
  width: number;
  height: number;
  minZoom: number;
  maxZoom: number;
  padding: number;
}

export interface BoxSize {
  width: number;
  height: number;
}

/** A part of the canvas the content may be fitted into: its top-left corner on screen and its size. */
interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The fit-to-view viewport that keeps every node off a box in the bottom-right corner
 * (the overview map, `corner` its size plus its inset) and off one in the top-left corner
 * (the data types legend, `topLeft`): around each box the content is fitted either across
 * the full width (above the map, below the legend) or the full height (beside it),
 * whichever combination shows it largest. With no boxes it is React Flow's plain fit.
 * Pure, so it is tested without a canvas.
 */
export function fitClearOfCorner(bounds: Rect, area: FitArea, corner: BoxSize | null, topLeft: BoxSize | null = null): Viewport {
  const { width, height, minZoom, maxZoom, padding } = area;
  const whole: Region = { x: 0, y: 0, width, height };
  const afterLegend: Region[] = topLeft
    ? [
        { x: 0, y: topLeft.height, width, height: height - topLeft.height },
        { x: topLeft.width, y: 0, width: width - topLeft.width, height },
      ]
    : [whole];
  const regions = corner
    ? afterLegend.flatMap((region) => [
        { ...region, height: height - corner.height - region.y },
        { ...region, width: width - corner.width - region.x },
      ])
    : afterLegend;
  let best: Viewport | undefined;
  for (const region of regions) {
    const fitted = getViewportForBounds(bounds, Math.max(1, region.width), Math.max(1, region.height), minZoom, maxZoom, padding);
    const viewport = { x: fitted.x + region.x, y: fitted.y + region.y, zoom: fitted.zoom };
    if (!best || viewport.zoom > best.zoom) best = viewport;
  }
  return best as Viewport;
}
