import { describe, expect, it } from 'vitest';
import { revealOffset } from './reveal-offset';

const view = { width: 1000, height: 600 };
const node = (x: number, y: number) => ({ x, y, width: 240, height: 100 });
// The overview map: 200 × 136, 12 px from the bottom-right corner.
const map = { x: 788, y: 452, width: 200, height: 136 };

describe('revealOffset', () => {
  it('leaves a node that is inside and clear alone', () => {
    expect(revealOffset(node(100, 100), view, [map], 24)).toEqual({ dx: 0, dy: 0 });
  });

  it('slides a node that went under the right edge (a panel opened) back in', () => {
    expect(revealOffset(node(900, 100), view, [], 24)).toEqual({ dx: -164, dy: 0 });
  });

  it('lifts a node the logs drawer covered above the bottom edge', () => {
    expect(revealOffset(node(100, 560), view, [], 24)).toEqual({ dx: 0, dy: -84 });
  });

  it('keeps the left/top edge in view when the node is bigger than the canvas', () => {
    expect(revealOffset({ x: -50, y: 10, width: 1200, height: 100 }, view, [], 24)).toEqual({ dx: 74, dy: 14 });
  });

  it('moves a node off the overview map by the shorter way', () => {
    // Overlaps the map's top by 48 px (with the margin) and its left by 196 px: goes up.
    expect(revealOffset(node(700, 400), view, [map], 24)).toEqual({ dx: 0, dy: -72 });
    // Overlaps its left edge by a little: goes left.
    expect(revealOffset(node(540, 470), view, [map], 24)).toEqual({ dx: -16, dy: 0 });
  });

  it('gives up on an obstacle it cannot clear without leaving the canvas', () => {
    const tiny = { width: 260, height: 120 };
    expect(revealOffset({ x: 10, y: 10, width: 240, height: 100 }, tiny, [{ x: 0, y: 0, width: 260, height: 120 }], 0)).toEqual({ dx: 0, dy: 0 });
  });
});
