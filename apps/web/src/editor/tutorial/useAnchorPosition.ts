import { type RefObject, useLayoutEffect, useState } from 'react';
import { cardPosition } from './card-position';
import type { Placement } from './tutorial-steps';

/** Where the canvas is: the card's place when its own anchor is not on screen (library collapsed, item filtered out). */
const FALLBACK = '[data-testid="editor-canvas"]';

function visibleRect(selector: string): DOMRect | null {
  const element = document.querySelector(selector);
  const rect = element?.getBoundingClientRect();
  return rect && rect.width > 0 && rect.height > 0 ? rect : null;
}

/**
 * Keeps the card beside its anchor as the layout moves (window resized, library scrolled
 * or collapsed, drawer opened): placed again on resize, on any scroll and when the
 * anchor, the card or the page body change size.
 */
export function useAnchorPosition(card: RefObject<HTMLElement | null>, anchor: string, placement: Placement) {
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const own = card.current?.getBoundingClientRect();
        if (!own) return;
        const target = visibleRect(anchor);
        const rect = target ?? visibleRect(FALLBACK);
        if (!rect) return;
        const size = { width: own.width, height: own.height };
        const viewport = { width: window.innerWidth, height: window.innerHeight };
        const next = cardPosition(rect, size, viewport, target ? placement : 'inside-top');
        setPosition((prev) => (prev && prev.left === next.left && prev.top === next.top ? prev : next));
      });
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    if (card.current) observer.observe(card.current);
    const target = document.querySelector(anchor);
    if (target) observer.observe(target);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    // The anchor can appear later (the library loads, a node is added): look again on DOM changes near it.
    const mutations = new MutationObserver(place);
    mutations.observe(document.querySelector('[data-testid="workflow-editor"]') ?? document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [card, anchor, placement]);
  return position;
}
