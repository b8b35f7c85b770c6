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
  return {
    left: Math.round(Math.min(Math.max(EDGE, left), viewport.width - card.width - EDGE)),
    top: Math.round(Math.min(Math.max(EDGE, top), viewport.height - card.height - EDGE)),
  };
}
