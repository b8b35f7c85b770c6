import { type RefObject, useLayoutEffect, useState } from 'react';
import { placeCard, type Rect } from './card-position';
import type { Placement } from './tutorial-steps';

/** Where the canvas is: the card's place when neither its anchor nor its fallback is on screen (an item filtered out). */
const CANVAS = '[data-testid="editor-canvas"]';
/** What the card had rather not cover, whatever the step: the nodes and the setup bar. */
const PREFER_CLEAR = ['[data-testid="workflow-node"]', '[data-testid="setup-checklist"]'];

function visibleRect(selector: string): DOMRect | null {
  const element = document.querySelector(selector);
  const rect = element?.getBoundingClientRect();
  return rect && rect.width > 0 && rect.height > 0 ? rect : null;
}

function rectsOf(selectors: readonly string[]): Rect[] {
  if (selectors.length === 0) return [];
  return [...document.querySelectorAll(selectors.join(','))]
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0);
}

/**
 * Keeps the card beside its anchor and off what its step names (`avoid`) as the layout
 * moves: placed again on resize, on any scroll, when the anchor, the card or the page body
 * change size, when nodes come and go, and when the canvas pans or a node is dragged.
 */
export function useAnchorPosition(card: RefObject<HTMLElement | null>, anchor: string, placement: Placement, avoid: readonly string[], fallback?: string) {
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const avoidKey = avoid.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: avoidKey stands for avoid, whose array may be new on each render.
  useLayoutEffect(() => {
    let frame = 0;
    // A library item scrolled out of its list is brought into it once, when the step begins.
    let revealed = false;
    const reveal = () => {
      const element = document.querySelector('[data-library-item]') ? document.querySelector(anchor) : null;
      if (revealed || !element?.matches('[data-library-item]') || element.getBoundingClientRect().height === 0) return;
      revealed = true;
      // "nearest": nothing moves when the item is in sight already.
      element.scrollIntoView({ block: 'nearest' });
    };
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const own = card.current?.getBoundingClientRect();
        if (!own) return;
        reveal();
        const target = visibleRect(anchor) ?? (fallback ? visibleRect(fallback) : null);
        const area = visibleRect(CANVAS);
        const rect = target ?? area;
        if (!rect) return;
        const next = placeCard({
          anchor: rect,
          placement: target ? placement : 'inside-top',
          card: { width: own.width, height: own.height },
          viewport: { width: window.innerWidth, height: window.innerHeight },
          avoid: rectsOf(avoid),
          prefer: rectsOf(PREFER_CLEAR),
          area,
        });
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
    // The anchor can appear later (the library loads, a node is added), and nodes move (a
    // pan, a drag): look again on those changes. The tutorial's workflows are small.
    const mutations = new MutationObserver(place);
    mutations.observe(document.querySelector('[data-testid="workflow-editor"]') ?? document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style'],
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [card, anchor, placement, avoidKey, fallback]);
  return position;
}
