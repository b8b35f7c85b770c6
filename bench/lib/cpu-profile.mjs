/**
 * Summaries of a Chromium CPU profile (CDP `Profiler.stop()`): self time per function,
 * so a missed target comes with the functions that used the time. Names are readable
 * when the web app is built without minification (see bench/README.md).
 */

/** Self time in ms per function (name + file:line), most first. */
export function selfTimeByFunction(profile, top = 20) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.split('/').pop() : '';
    const key = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
    totals.set(key, (totals.get(key) ?? 0) + sampleMs(profile, i));
  });
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  return {
    totalMs: round(total),
    top: [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: round(ms), share: `${((ms / total) * 100).toFixed(1)}%` })),
  };
}

/**
 * Inclusive time per function whose name looks like a React component (PascalCase) or
 * hook (`useX`): how much of the work each subtree is responsible for.
 */
export function inclusiveTimeByComponent(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const ms = sampleMs(profile, i);
    // Count each component once per sample, even when it recurses.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)?.callFrame.functionName ?? '';
      if (/^([A-Z][A-Za-z0-9]+|use[A-Z][A-Za-z0-9]*)$/.test(name) && !seen.has(name)) {
        seen.add(name);
        totals.set(name, (totals.get(name) ?? 0) + ms);
      }
    }
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([component, ms]) => ({ component, ms: round(ms) }));
}

/** A sample's duration: the delta to the next sample (CDP deltas are to the previous one, and can be negative). */
function sampleMs(profile, i) {
  return Math.max(0, profile.timeDeltas[i + 1] ?? 0) / 1000;
}

function round(ms) {
  return Math.round(ms * 10) / 10;
}
