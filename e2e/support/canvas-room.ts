import type { Page } from '@playwright/test';

/**
 * How much of the editor the canvas itself shows (issue 22): every 10 px of the window
 * below the app's top bar, the element the browser paints on top there is asked for
 * (`elementFromPoint`). A point counts as canvas when that element belongs to React Flow's
 * renderer (the pane, an edge, a node card), so every panel, bar, drawer and overlay
 * floating over the canvas (legend, overview map, zoom controls, "Configure") counts as
 * covering it. What covers the rest is named, so a failure says what took the room.
 */
export interface CanvasRoom {
  /** The uncovered canvas as a share of the window below the top bar, 0..1. */
  share: number;
  /** What the other points showed, each a share of all points, largest first. */
  coveredBy: [string, number][];
}

export async function measureCanvasRoom(page: Page, step = 10): Promise<CanvasRoom> {
  return page.evaluate((step) => {
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const width = window.innerWidth;
    const height = window.innerHeight;
    /** The nearest named ancestor: what a person would call the thing on top there. */
    const nameOf = (element: Element): string => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        const name = e.getAttribute('data-testid') ?? e.getAttribute('aria-label');
        if (name) return name;
        if (e.classList.contains('react-flow__controls')) return 'zoom controls';
      }
      return element.tagName.toLowerCase();
    };
    let total = 0;
    let canvas = 0;
    const others = new Map<string, number>();
    for (let y = Math.ceil(top) + step / 2; y < height; y += step) {
      for (let x = step / 2; x < width; x += step) {
        total += 1;
        const element = document.elementFromPoint(x, y);
        if (element?.closest('.react-flow__renderer, .react-flow__edgelabel-renderer')) canvas += 1;
        else {
          const name = element ? nameOf(element) : 'nothing';
          others.set(name, (others.get(name) ?? 0) + 1);
        }
      }
    }
    return {
      share: canvas / total,
      coveredBy: [...others].map(([name, n]): [string, number] => [name, n / total]).sort((a, b) => b[1] - a[1]),
    };
  }, step);
}

/** A readable line for a failure or the log: "57.1 % canvas; node library 18.0 %, …". */
export function describeRoom(room: CanvasRoom): string {
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  return `${pct(room.share)} canvas; ${room.coveredBy
    .filter(([, n]) => n >= 0.005)
    .map(([name, n]) => `${name} ${pct(n)}`)
    .join(', ')}`;
}

/** The labels of the nodes whose card the overview map, where shown, overlaps (by their boxes on screen). */
export async function nodesUnderOverviewMap(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const element = document.querySelector('[data-testid="overview-map"]');
    // Stepped aside (invisible, the pointer goes through), it covers nothing.
    if (!element || getComputedStyle(element).visibility === 'hidden') return [];
    const map = element.getBoundingClientRect();
    const under: string[] = [];
    for (const node of Array.from(document.querySelectorAll('.react-flow__node'))) {
      const r = node.getBoundingClientRect();
      if (r.left < map.right && map.left < r.right && r.top < map.bottom && map.top < r.bottom) {
        under.push(node.querySelector('[data-label]')?.getAttribute('data-label') ?? node.getAttribute('data-id') ?? '?');
      }
    }
    return under;
  });
}
