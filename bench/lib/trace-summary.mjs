/**
 * Where the time went in a Chromium performance trace (the JSON Playwright's
 * `browser.startTracing` writes): self time per event name on each busy thread, so that
 * style, layout, paint, raster and script can be told apart when JavaScript profiles
 * show only "(program)".
 */
export function traceSelfTimes(trace, { topPerThread = 12 } = {}) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const threadNames = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);

  // Complete events per thread; B/E pairs are turned into complete ones.
  const perThread = new Map();
  const open = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    let span;
    if (e.ph === 'X' && typeof e.dur === 'number') span = { name: e.name, ts: e.ts, dur: e.dur };
    else if (e.ph === 'B') (open.get(key) ?? open.set(key, []).get(key)).push(e);
    else if (e.ph === 'E') {
      const begin = open.get(key)?.pop();
      if (begin) span = { name: begin.name, ts: begin.ts, dur: e.ts - begin.ts };
    }
    if (span) (perThread.get(key) ?? perThread.set(key, []).get(key)).push(span);
  }

  const threads = [];
  for (const [key, spans] of perThread) {
    // Longest first at equal start, so parents come before their children.
    spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const self = new Map();
    const stack = [];
    let busy = 0;
    for (const span of spans) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= span.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - span.dur);
      else busy += span.dur;
      self.set(span.name, (self.get(span.name) ?? 0) + span.dur);
      stack.push(span);
    }
    const top = [...self.entries()]
      .filter(([, us]) => us > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, topPerThread)
      .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10 }));
    threads.push({ thread: threadNames.get(key) ?? key, busyMs: Math.round(busy / 100) / 10, top });
  }
  return threads.filter((t) => t.busyMs >= 5).sort((a, b) => b.busyMs - a.busyMs);
}
