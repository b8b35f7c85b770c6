import { describe, expect, it } from 'vitest';
import { focusBox, revealOffset } from './reveal-offset';

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

describe('focusBox', () => {
  it('takes the node with every neighbour when they fit together', () => {
    // Three cards in a row, 330 px apart: 900 px wide in a 1000 px view with 24 px margins.
    expect(focusBox(node(330, 200), [node(0, 200), node(660, 200)], view, 24)).toEqual({ x: 0, y: 200, width: 900, height: 100 });
  });

  it('takes the nearest neighbours that fit when all of them do not, and the node alone at worst', () => {
    const far = node(1500, 200);
    // The far one would make it 1740 px wide: left out, the near one kept.
    expect(focusBox(node(330, 200), [far, node(0, 200)], view, 24)).toEqual({ x: 0, y: 200, width: 570, height: 100 });
    expect(focusBox(node(330, 200), [far], view, 24)).toEqual(node(330, 200));
    expect(focusBox(node(330, 200), [], view, 24)).toEqual(node(330, 200));
  });

  it('brought into sight by revealOffset, the neighbours come along', () => {
    // The node and its upstream neighbour, pushed off the right edge by a panel opening.
    const box = focusBox(node(900, 200), [node(570, 200)], view, 24);
    const { dx } = revealOffset(box, view, [], 24);
    expect(box.x + dx).toBeGreaterThanOrEqual(24);
    expect(box.x + box.width + dx).toBeLessThanOrEqual(view.width - 24);
  });
});
