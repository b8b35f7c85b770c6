import type { Placement } from './tutorial-steps';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const GAP = 12;
const EDGE = 8;

/**
 * Where the card goes (viewport pixels) for an anchor rectangle: beside a library item,
 * under the Run button, above the logs, or inside the top of the canvas; always kept on
 * screen. Pure, so placement is tested without layout.
 */
export function cardPosition(anchor: Rect, card: { width: number; height: number }, viewport: { width: number; height: number }, placement: Placement) {
  let left: number;
  let top: number;
  switch (placement) {
    case 'right':
      left = anchor.left + anchor.width + GAP;
      top = anchor.top + anchor.height / 2 - card.height / 2;
      break;
    case 'below':
      left = anchor.left + anchor.width - card.width;
      top = anchor.top + anchor.height + GAP;
      break;
    case 'above':
      left = anchor.left + 2 * GAP;
      top = anchor.top - card.height - GAP;
      break;
    default:
      left = anchor.left + anchor.width / 2 - card.width / 2;
      top = anchor.top + 4 * GAP;
  }
  return onScreen({ left, top }, card, viewport);
}

/** A spot moved just enough to keep the whole card on screen. */
function onScreen(spot: { left: number; top: number }, card: { width: number; height: number }, viewport: { width: number; height: number }) {
  return {
    left: Math.round(Math.min(Math.max(EDGE, spot.left), viewport.width - card.width - EDGE)),
    top: Math.round(Math.min(Math.max(EDGE, spot.top), viewport.height - card.height - EDGE)),
  };
}

/** Room kept around what the card must not cover: a node's handles stick out of its card. */
const PAD = 12;

const overlaps = (a: Rect, b: Rect) =>
  a.left < b.left + b.width + PAD && b.left - PAD < a.left + a.width && a.top < b.top + b.height + PAD && b.top - PAD < a.top + a.height;

const OTHER_SIDES: Record<Placement, readonly Placement[]> = {
  right: ['below', 'above'],
  below: ['right', 'above'],
  above: ['right', 'below'],
  'inside-top': [],
};

export interface CardPlacement {
  /** What the card points at. */
  anchor: Rect;
  placement: Placement;
  card: { width: number; height: number };
  viewport: { width: number; height: number };
  /** What the step names: never covered when any spot allows it. */
  avoid: readonly Rect[];
  /** Rather not covered (the other nodes, the setup bar). */
  prefer: readonly Rect[];
  /** The canvas: its corners are the spots tried when none beside the anchor is free. */
  area: Rect | null;
}

/**
 * Where the card goes: beside its anchor on the step's side, else on another side, else in
 * a corner of the canvas; the first spot that covers nothing the step names nor anything
 * else on the canvas, else the first that at least leaves what the step names uncovered
 * (issue 22), else the step's own side. Pure, so each case is tested without layout.
 */
export function placeCard({ anchor, placement, card, viewport, avoid, prefer, area }: CardPlacement): { left: number; top: number } {
  const spots = [placement, ...OTHER_SIDES[placement]].map((side) => cardPosition(anchor, card, viewport, side));
  if (area) {
    const inset = 2 * GAP;
    const right = area.left + area.width - card.width - inset;
    const bottom = area.top + area.height - card.height - inset;
    for (const [left, top] of [
      [area.left + inset, area.top + inset],
      [right, area.top + inset],
      [area.left + inset, bottom],
      [right, bottom],
    ] as const) {
      spots.push(onScreen({ left, top }, card, viewport));
    }
  }
  const box = (spot: { left: number; top: number }): Rect => ({ ...spot, ...card });
  const clear = (spot: { left: number; top: number }, rects: readonly Rect[]) => !rects.some((rect) => overlaps(box(spot), rect));
  // Inside the top of the canvas, the anchor is the canvas itself: a place, not a thing to clear.
  const mustAvoid = placement === 'inside-top' ? avoid : [anchor, ...avoid];
  return (
    spots.find((spot) => clear(spot, mustAvoid) && clear(spot, prefer)) ??
    spots.find((spot) => clear(spot, mustAvoid)) ??
    (spots[0] as { left: number; top: number })
  );
}
