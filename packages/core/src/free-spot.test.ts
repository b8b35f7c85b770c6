import { describe, expect, it } from 'vitest';
import { freeDropBelow, freeSpotAround, freeSpotInColumn, freeSpotInRow, UNMEASURED_CARD } from './free-spot.js';

const card = (x: number, y: number, height = UNMEASURED_CARD.height) => ({ x, y, width: UNMEASURED_CARD.width, height });

describe('a free spot in a column', () => {
  it('is the spot itself when nothing is in the way', () => {
    expect(freeSpotInColumn({ x: 0, y: 0 }, UNMEASURED_CARD, [card(300, 0)])).toEqual({ x: 0, y: 0 });
  });

  it('is just below or just above the card in the way, whichever is nearer', () => {
    //   spot at y 20 over a card at y 0 (110 tall): below is 114 away, above 154
    expect(freeSpotInColumn({ x: 0, y: 20 }, UNMEASURED_CARD, [card(0, 0)])).toEqual({ x: 0, y: 134 });
    //   spot at y -20: above (-134) is 114 away, below (134) 154
    expect(freeSpotInColumn({ x: 0, y: -20 }, UNMEASURED_CARD, [card(0, 0)])).toEqual({ x: 0, y: -134 });
  });

  it('skips a gap too small for the card and takes the next one', () => {
    //   [0..110] gap of 100 [210..320] free below 344
    const stack = [card(0, 0), card(0, 210)];
    expect(freeSpotInColumn({ x: 0, y: 100 }, UNMEASURED_CARD, stack)).toEqual({ x: 0, y: -134 });
    expect(freeSpotInColumn({ x: 0, y: 200 }, UNMEASURED_CARD, stack)).toEqual({ x: 0, y: 344 });
  });

  it('fits a gap wide enough for the card and its air', () => {
    //   [0..110] gap of 158 [268..378]: a card fits exactly at 134
    expect(freeSpotInColumn({ x: 0, y: 130 }, UNMEASURED_CARD, [card(0, 0), card(0, 268)])).toEqual({ x: 0, y: 134 });
  });

  it('ignores cards beside the column', () => {
    expect(freeSpotInColumn({ x: 0, y: 0 }, UNMEASURED_CARD, [card(264, 0), card(-264, 0)])).toEqual({ x: 0, y: 0 });
  });
});

describe('a free spot around a point', () => {
  it('moves sideways when that is the shorter way out', () => {
    //   a wide, short card: leaving sideways costs more than going under it
    expect(freeSpotInRow({ x: 20, y: 0 }, UNMEASURED_CARD, [card(0, 0)])).toEqual({ x: 264, y: 0 });
    const tall = [card(0, -300, 700)];
    expect(freeSpotAround({ x: 20, y: 0 }, UNMEASURED_CARD, tall)).toEqual({ x: 264, y: 0 });
  });

  it('moves up or down when that is shorter', () => {
    expect(freeSpotAround({ x: 100, y: 90 }, UNMEASURED_CARD, [card(0, 0)])).toEqual({ x: 100, y: 134 });
  });

  it('stays put on free ground', () => {
    expect(freeSpotAround({ x: 500, y: 500 }, UNMEASURED_CARD, [card(0, 0)])).toEqual({ x: 500, y: 500 });
  });
});

describe('duplicates', () => {
  it('go under their originals, below anything in the way, by the measured sizes', () => {
    const a = { position: { x: 0, y: 0 } };
    // Unmeasured cards count as 240 by 110, with 24 px of air.
    expect(freeDropBelow([a], [a])).toEqual({ x: 0, y: 134 });
    const tall = { position: { x: 0, y: 0 }, measured: { width: 240, height: 160 } };
    expect(freeDropBelow([tall], [tall])).toEqual({ x: 0, y: 184 });
    // Something sits right below, overlapping sideways: the copy goes under it.
    expect(freeDropBelow([a], [a, { position: { x: 100, y: 140 }, measured: { height: 50 } }])).toEqual({ x: 0, y: 214 });
    // A column of two is dropped by its own height and the air.
    const column = [a, { position: { x: 0, y: 130 } }];
    expect(freeDropBelow(column, column)).toEqual({ x: 0, y: 264 });
    // Beside, clear of the copy, does not count.
    expect(freeDropBelow([a], [a, { position: { x: 300, y: 134 } }])).toEqual({ x: 0, y: 134 });
  });
});
