import { describe, expect, it } from 'vitest';
import { anyUnder, boundsOf, fitInto, toFlow, toMap, visibleFlowRect } from './minimap-geometry';

describe('overview map geometry', () => {
  const bounds = boundsOf([
    { x: 0, y: 0, width: 100, height: 50 },
    { x: 300, y: 150, width: 100, height: 50 },
  ]);

  it('pads the bounds of all nodes', () => {
    expect(bounds).toEqual({ x: -40, y: -40, width: 480, height: 280 });
    expect(boundsOf([])).toBeNull();
  });

  it('fits and centres the content, and maps points both ways', () => {
    if (!bounds) throw new Error('no bounds');
    const fit = fitInto(bounds, 240, 240);
    expect(fit.scale).toBe(0.5);
    const mapped = toMap({ x: 0, y: 0, width: 100, height: 50 }, fit);
    expect(mapped.width).toBe(50);
    expect(toFlow({ x: mapped.x, y: mapped.y }, fit)).toEqual({ x: 0, y: 0 });
    // Vertically centred: 280 * 0.5 = 140 of 240 tall, so 50 px above and below.
    expect(toMap(bounds, fit).y).toBe(50);
  });

  it('reads the visible part of the flow from the transform', () => {
    expect(visibleFlowRect([-100, -50, 0.5], 800, 600)).toEqual({ x: 200, y: 100, width: 1600, height: 1200 });
  });

  it('tells whether a node shows under the map, at any pan and zoom', () => {
    // The map in the bottom-right corner of an 800×600 canvas.
    const map = { x: 620, y: 480, width: 168, height: 108 };
    const node = { x: 0, y: 0, width: 240, height: 110 };
    // At 100 % with no pan the node is in the top-left corner: clear.
    expect(anyUnder(map, [0, 0, 1], [node])).toBe(false);
    // Panned so the node's top-left sits at (700, 500) on screen: under the map.
    expect(anyUnder(map, [700, 500, 1], [node])).toBe(true);
    // Zoomed out to 50 %, the same node panned to (500, 400) reaches (620, 455) only: clear.
    expect(anyUnder(map, [500, 400, 0.5], [node])).toBe(false);
    // Its right edge exactly at the map's left edge does not count.
    expect(anyUnder(map, [380, 480, 1], [node])).toBe(false);
    expect(anyUnder(map, [381, 480, 1], [node])).toBe(true);
    expect(anyUnder(map, [0, 0, 1], [])).toBe(false);
  });
});
