import { describe, expect, it } from 'vitest';
import { fitClearOfCorner } from './fit-clear-of-overview';

const area = { width: 1200, height: 700, minZoom: 0.1, maxZoom: 1, padding: 0.15 };
const corner = { width: 224, height: 160 };

/** The fitted content's box on screen. */
function onScreen(bounds: { x: number; y: number; width: number; height: number }, v: { x: number; y: number; zoom: number }) {
  return {
    left: bounds.x * v.zoom + v.x,
    top: bounds.y * v.zoom + v.y,
    right: (bounds.x + bounds.width) * v.zoom + v.x,
    bottom: (bounds.y + bounds.height) * v.zoom + v.y,
  };
}

function clearOfCorner(box: ReturnType<typeof onScreen>): boolean {
  return box.right <= area.width - corner.width || box.bottom <= area.height - corner.height;
}

describe('fitClearOfCorner', () => {
  it('fits a wide workflow above the corner box', () => {
    const wide = { x: 0, y: 0, width: 2400, height: 300 };
    const v = fitClearOfCorner(wide, area, corner);
    expect(clearOfCorner(onScreen(wide, v))).toBe(true);
    expect(onScreen(wide, v).bottom).toBeLessThanOrEqual(area.height - corner.height);
  });

  it('fits a tall workflow beside the corner box', () => {
    const tall = { x: 0, y: 0, width: 300, height: 2000 };
    const v = fitClearOfCorner(tall, area, corner);
    expect(onScreen(tall, v).right).toBeLessThanOrEqual(area.width - corner.width);
  });

  it('is the plain fit without a corner box', () => {
    const v = fitClearOfCorner({ x: 0, y: 0, width: 2400, height: 300 }, area, null);
    expect(v.zoom).toBeCloseTo(1200 / (2400 * 1.15), 2);
  });

  it('keeps a workflow out from under the legend in the top-left corner as well', () => {
    const legend = { width: 240, height: 56 };
    const wide = { x: 0, y: 0, width: 2400, height: 900 };
    const v = fitClearOfCorner(wide, area, corner, legend);
    const box = onScreen(wide, v);
    expect(box.top >= legend.height || box.left >= legend.width).toBe(true);
    expect(clearOfCorner(box)).toBe(true);
    // Only a little smaller than without the legend: fitted below its short strip.
    expect(v.zoom).toBeGreaterThan(fitClearOfCorner(wide, area, corner).zoom * 0.85);
  });

  it('fits a tall workflow beside the legend when that shows it larger', () => {
    const legend = { width: 240, height: 400 };
    const tall = { x: 0, y: 0, width: 300, height: 2000 };
    const box = onScreen(tall, fitClearOfCorner(tall, area, null, legend));
    expect(box.left).toBeGreaterThanOrEqual(legend.width);
  });
});
