/**
 * Code that runs inside the page. Each function is serialised by Playwright, so it may
 * use only its arguments and browser globals.
 */

/**
 * Init script: watches how many React Flow nodes and edges are in the DOM and notes,
 * on the page's clock (ms since navigation start), when the counts last changed and the
 * frame after that change. Long tasks are collected too.
 */
export function installOpenProbe() {
  const probe = { nodes: 0, edges: 0, firstNodeAt: null, firstEdgeAt: null, lastChangeAt: null, frameAfterChangeAt: null, longTasks: [] };
  window.__weftBench = probe;
  // Live collections: reading their length is cheap, even on every mutation batch.
  const nodes = document.getElementsByClassName('react-flow__node');
  const edges = document.getElementsByClassName('react-flow__edge');
  const observer = new MutationObserver(() => {
    if (nodes.length === probe.nodes && edges.length === probe.edges) return;
    const at = performance.now();
    probe.nodes = nodes.length;
    probe.edges = edges.length;
    if (probe.nodes > 0 && probe.firstNodeAt === null) probe.firstNodeAt = at;
    if (probe.edges > 0 && probe.firstEdgeAt === null) probe.firstEdgeAt = at;
    probe.lastChangeAt = at;
    requestAnimationFrame(() => {
      if (probe.lastChangeAt === at) probe.frameAfterChangeAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
  probe.stop = () => observer.disconnect();
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: Math.round(entry.startTime), ms: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Long-task timing is a Chromium feature; without it the list stays empty.
  }
}

/** The probe's numbers, plus any `weft…` performance marks the editor sets. */
export function readOpenProbe() {
  const probe = window.__weftBench;
  const marks = performance
    .getEntriesByType('mark')
    .filter((m) => m.name.startsWith('weft'))
    .map((m) => ({ name: m.name, at: Math.round(m.startTime) }));
  const text = document.body?.innerText ?? '';
  // Where the opening time went: the document, every script and API call, on the page's clock.
  const [nav] = performance.getEntriesByType('navigation');
  const timeline = [
    ...(nav
      ? [
          { what: 'document', start: 0, end: Math.round(nav.responseEnd) },
          { what: 'DOMContentLoaded', start: Math.round(nav.domContentLoadedEventEnd) },
        ]
      : []),
    ...performance
      .getEntriesByType('resource')
      .filter((r) => /\/api\/|\.js$/.test(r.name))
      .map((r) => ({ what: new URL(r.name).pathname, start: Math.round(r.startTime), end: Math.round(r.responseEnd) })),
  ];
  return { ...probe, stop: undefined, marks, timeline, bodyText: text.slice(0, 400) };
}

/** Stops the DOM watch so that it does not slow down panning. */
export function stopOpenProbe() {
  window.__weftBench?.stop?.();
}

/**
 * A point on the empty canvas (not on a node, edge or control), nearest the centre.
 * Hit tests are slow over a thousand nodes, so points are tried nearest first and the
 * search stops at the first hit.
 */
export function findEmptyPanePoint() {
  const pane = document.querySelector('.react-flow__pane');
  if (!pane) return null;
  const box = pane.getBoundingClientRect();
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  const candidates = [];
  for (let y = box.top + 40; y < box.bottom - 40; y += 15) {
    for (let x = box.left + 40; x < box.right - 40; x += 15) candidates.push({ x, y, d: (x - cx) ** 2 + (y - cy) ** 2 });
  }
  candidates.sort((a, b) => a.d - b.d);
  return candidates.find((p) => document.elementFromPoint(p.x, p.y) === pane) ?? null;
}

/** The viewport transform React Flow applies, to check that a drag really pans. */
export function viewportTransform() {
  return document.querySelector('.react-flow__viewport')?.style.transform ?? null;
}

/** Starts counting animation frames. */
export function startFrameCounter() {
  const counter = { stamps: [], running: true };
  window.__weftFrames = counter;
  const tick = (t) => {
    if (!counter.running) return;
    counter.stamps.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Stops counting; answers frames per second and the frame-interval distribution. */
export function stopFrameCounter() {
  const counter = window.__weftFrames;
  counter.running = false;
  const s = counter.stamps;
  const intervals = s
    .slice(1)
    .map((t, i) => t - s[i])
    .sort((a, b) => a - b);
  const elapsed = s.length > 1 ? s[s.length - 1] - s[0] : 0;
  const pick = (q) => intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))] ?? 0;
  return {
    frames: s.length,
    elapsedMs: Math.round(elapsed),
    fps: elapsed > 0 ? ((s.length - 1) * 1000) / elapsed : 0,
    p50FrameMs: Math.round(pick(0.5) * 10) / 10,
    p95FrameMs: Math.round(pick(0.95) * 10) / 10,
    maxFrameMs: Math.round((intervals[intervals.length - 1] ?? 0) * 10) / 10,
    framesOver33ms: intervals.filter((d) => d > 33.4).length,
  };
}
