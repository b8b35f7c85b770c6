import { DATA_TYPES } from '@weft/core';

/**
 * While a connection is dragged the canvas wrapper carries `data-drag-from` (source or
 * target) and `data-highlight-type`; each port carries the types it takes
 * (port-compatibility.ts). These rules dim every port that cannot take the dragged type
 * and light up the ones that can: solid for a direct match, dashed where a converter
 * would be inserted. Without a drag, a highlighted type (the legend) dims the other
 * ports and edges. One stylesheet instead of re-rendering every node on drag start.
 */
function rulesFor(t: string): string {
  const drag = (from: 'source' | 'target') => `.weft-canvas[data-drag-from='${from}'][data-highlight-type='${t}']`;
  const takes = (side: 'target' | 'source', list: 'direct' | 'converted') => `.weft-port.${side}[data-${list}~='${t}']`;
  return `
${drag('source')} .weft-port.target:not([data-direct~='${t}']):not([data-converted~='${t}']),
${drag('target')} .weft-port.source:not([data-direct~='${t}']):not([data-converted~='${t}']) { opacity: 0.28; }
${drag('source')} ${takes('target', 'direct')} .weft-handle,
${drag('target')} ${takes('source', 'direct')} .weft-handle {
  scale: 1.4;
  box-shadow: 0 0 0 3px color-mix(in oklab, var(--color-brand) 55%, transparent), 0 0 12px var(--color-brand);
}
${drag('source')} ${takes('target', 'converted')} .weft-handle,
${drag('target')} ${takes('source', 'converted')} .weft-handle {
  scale: 1.25;
  outline: 2px dashed var(--color-brand);
  outline-offset: 2px;
}
.weft-canvas:not([data-drag-from])[data-highlight-type='${t}'] .weft-port:not([data-type='${t}']),
.weft-canvas:not([data-drag-from])[data-highlight-type='${t}'] .weft-edge-path:not([data-type='${t}']) { opacity: 0.25; }`;
}

export const CONNECTION_HIGHLIGHT_CSS = `
.weft-canvas[data-drag-from='source'] .weft-port.source:not(:has(.connectingfrom)),
.weft-canvas[data-drag-from='target'] .weft-port.target:not(:has(.connectingfrom)) { opacity: 0.28; }
${DATA_TYPES.map(rulesFor).join('\n')}
`;
