import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useCallback, useEffect } from 'react';
import { useEditorStore } from '../store/editor.store';
import { type BoxSize, fitClearOfCorner } from './fit-clear-of-overview';
import { OVERVIEW_CORNER } from './OverviewMap';

export const FIT_VIEW_PADDING = 0.15;
/** Fitting never zooms past 100 %: a two-node workflow should not fill the screen. */
export const FIT_VIEW_MAX_ZOOM = 1;

/**
 * Fits every node into the canvas. React Flow's own fitView waits until every node has
 * been measured, which never happens for off-screen nodes when only visible ones render;
 * here the bounds come from measured sizes where there are some and from the estimated
 * ones (flow-nodes.ts) elsewhere, and the viewport is set at once. While the overview
 * map is shown, nothing is fitted under it (issue 13), nor under the data types legend. The view then counts as fitted
 * (`viewFitted`), so it is fitted again as the canvas changes size (useKeepSelectionVisible).
 */
export function useFitView() {
  const flow = useReactFlow();
  const flowStore = useStoreApi();
  return useCallback(
    (duration = 0): boolean => {
      const { nodeLookup, width, height, minZoom, maxZoom, domNode } = flowStore.getState();
      if (nodeLookup.size === 0 || !width || !height) return false;
      const bounds = flow.getNodesBounds([...nodeLookup.keys()]);
      const area = { width, height, minZoom, maxZoom: Math.min(maxZoom, FIT_VIEW_MAX_ZOOM), padding: FIT_VIEW_PADDING };
      const overview = useEditorStore.getState().overviewShown ? OVERVIEW_CORNER : null;
      const viewport = fitClearOfCorner(bounds, area, overview, legendCorner(domNode));
      void flow.setViewport(viewport, { duration });
      useEditorStore.getState().setViewFitted(true);
      return true;
    },
    [flow, flowStore],
  );
}

/** Room kept between the legend and the nearest node. */
const LEGEND_GAP = 8;

/**
 * The data types legend's box over the canvas's top-left corner (EditorLayout's
 * `weft-legend-slot`), as it is now: folded it is a short strip, open a taller panel.
 */
function legendCorner(canvas: Element | null): BoxSize | null {
  const legend = document.querySelector('.weft-legend-slot');
  if (!canvas || !legend) return null;
  const box = legend.getBoundingClientRect();
  const area = canvas.getBoundingClientRect();
  if (box.width === 0 || box.right <= area.left || box.bottom <= area.top) return null;
  return { width: box.right - area.left + LEGEND_GAP, height: box.bottom - area.top + LEGEND_GAP };
}

/**
 * Loading asks for fit-to-view (SPEC.md section 4); it happens once React Flow has taken
 * the nodes in and the layout around the canvas has settled, a frame or two after the
 * request (fitting in the same frame measured a canvas that was about to shrink).
 */
export function useFitViewRequest() {
  const requested = useEditorStore((s) => s.fitViewRequested);
  const fitView = useFitView();
  useEffect(() => {
    if (!requested) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      tries += 1;
      const empty = useEditorStore.getState().nodes.length === 0;
      if (empty || fitView() || tries > 30) useEditorStore.getState().fitViewDone();
      else frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [requested, fitView]);
}
