import { describe, expect, it } from 'vitest';
import { boundsOf, fitInto, toFlow, toMap, visibleFlowRect } from './minimap-geometry';

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
});
