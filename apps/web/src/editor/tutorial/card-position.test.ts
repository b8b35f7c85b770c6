import { describe, expect, it } from 'vitest';
import { cardPosition, placeCard } from './card-position';

const card = { width: 300, height: 140 };
const viewport = { width: 1440, height: 900 };

describe('cardPosition', () => {
  it('sits beside a library item, centred on it', () => {
    expect(cardPosition({ left: 12, top: 300, width: 260, height: 40 }, card, viewport, 'right')).toEqual({ left: 284, top: 250 });
  });

  it('sits under the Run button, right edges aligned', () => {
    expect(cardPosition({ left: 1300, top: 64, width: 80, height: 32 }, card, viewport, 'below')).toEqual({ left: 1080, top: 108 });
  });

  it('sits above the logs', () => {
    expect(cardPosition({ left: 288, top: 860, width: 1152, height: 40 }, card, viewport, 'above')).toEqual({ left: 312, top: 708 });
  });

  it('sits inside the top of the canvas, centred', () => {
    expect(cardPosition({ left: 288, top: 104, width: 1152, height: 760 }, card, viewport, 'inside-top')).toEqual({ left: 714, top: 152 });
  });

  it('stays on screen near the edges', () => {
    expect(cardPosition({ left: 1400, top: 880, width: 30, height: 30 }, card, viewport, 'right')).toEqual({ left: 1132, top: 752 });
    expect(cardPosition({ left: 0, top: 0, width: 10, height: 10 }, card, viewport, 'above')).toEqual({ left: 24, top: 8 });
  });
});

describe('placeCard', () => {
  const canvas = { left: 288, top: 104, width: 1152, height: 760 };
  const base = { card, viewport, area: canvas, prefer: [] };

  it('takes the step’s side when it covers nothing', () => {
    const anchor = { left: 12, top: 300, width: 260, height: 40 };
    expect(placeCard({ ...base, anchor, placement: 'right', avoid: [] })).toEqual(cardPosition(anchor, card, viewport, 'right'));
  });

  it('never covers the node the step asks to connect: under the Text Input, then beside it, then a corner', () => {
    // The Text Input at the top left of the canvas, the LLM Chat just under it.
    const input = { left: 400, top: 200, width: 240, height: 110 };
    const chat = { left: 400, top: 330, width: 240, height: 110 };
    const spot = placeCard({ ...base, anchor: input, placement: 'below', avoid: [input, chat] });
    const box = { ...spot, ...card };
    for (const node of [input, chat]) {
      const apart =
        box.left >= node.left + node.width || node.left >= box.left + box.width || box.top >= node.top + node.height || node.top >= box.top + box.height;
      expect(apart).toBe(true);
    }
    expect(spot).toEqual(cardPosition(input, card, viewport, 'right'));
  });

  it('goes to a free corner of the canvas when every side of the anchor is taken', () => {
    const anchor = { left: 600, top: 400, width: 240, height: 110 };
    const around = [
      { left: 850, top: 300, width: 400, height: 300 },
      { left: 500, top: 520, width: 500, height: 200 },
      { left: 500, top: 200, width: 500, height: 190 },
    ];
    // The top left corner is under the nodes above it: the top right one is free.
    expect(placeCard({ ...base, anchor, placement: 'below', avoid: around })).toEqual({ left: 1116, top: 128 });
  });

  it('rather leaves other nodes uncovered too, when a spot allows', () => {
    const anchor = { left: 12, top: 300, width: 260, height: 40 };
    const other = { left: 330, top: 250, width: 240, height: 110 };
    const spot = placeCard({ ...base, anchor, placement: 'right', avoid: [], prefer: [other] });
    expect(spot).not.toEqual(cardPosition(anchor, card, viewport, 'right'));
    expect(spot).toEqual(cardPosition(anchor, card, viewport, 'below'));
  });
});
