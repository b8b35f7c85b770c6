import { describe, expect, it } from 'vitest';
import { cardPosition } from './card-position';

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
