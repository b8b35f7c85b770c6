import { ControlButton, type ReactFlowState, useReactFlow, useStoreApi } from '@xyflow/react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { MapIcon } from '../../components/ui/icons';
import { categorySwatch } from '../../lib/palette';
import { useThemeStore } from '../../stores/theme.store';
import { useEditorStore } from '../store/editor.store';
import type { EditorNode } from '../store/types';
import { NODE_HEIGHT_ESTIMATE, NODE_WIDTH } from './flow-config';
import { anyUnder, boundsOf, fitInto, type MapFit, toFlow, toMap, visibleFlowRect } from './minimap-geometry';

/** Small (issue 22): enough to see the shape of a workflow and where the view is in it. */
const WIDTH = 168;
const HEIGHT = 108;
/** Its distance from the canvas edges (Tailwind's right-3 bottom-3). */
const INSET = 12;
/** The corner the map takes, inset included on both sides: fit-to-view keeps nodes out of it. */
export const OVERVIEW_CORNER = { width: WIDTH + 2 * INSET, height: HEIGHT + 2 * INSET };

/**
 * The frame for the visible part, kept inside the map: zoomed out past the content it
 * outlines the whole map ("you see everything") instead of disappearing off its edges.
 */
function placeFrame(frame: HTMLDivElement, fit: MapFit, s: Pick<ReactFlowState, 'transform' | 'width' | 'height'>) {
  const r = toMap(visibleFlowRect(s.transform, s.width, s.height), fit);
  const left = Math.max(1, Math.min(WIDTH - 3, r.x));
  const top = Math.max(1, Math.min(HEIGHT - 3, r.y));
  const right = Math.min(WIDTH - 1, Math.max(left + 2, r.x + r.width));
  const bottom = Math.min(HEIGHT - 1, Math.max(top + 2, r.y + r.height));
  frame.style.transform = `translate(${left}px, ${top}px)`;
  frame.style.width = `${right - left}px`;
  frame.style.height = `${bottom - top}px`;
}

const rectOf = (n: EditorNode) => ({
  x: n.position.x,
  y: n.position.y,
  width: n.measured?.width ?? NODE_WIDTH,
  height: n.measured?.height ?? NODE_HEIGHT_ESTIMATE,
});

/**
 * The overview map, while the user wants it (the toggle in the zoom controls, remembered)
 * and there is something to overview: hidden, the corner is the canvas's again (issues 13
 * and 22: the map covered nodes).
 */
export function OverviewMap() {
  const shown = useEditorStore((s) => s.overviewShown);
  // An empty canvas has nothing to overview.
  const any = useEditorStore((s) => s.nodes.length > 0);
  return shown && any ? <OverviewMapView /> : null;
}

/** Shows or hides the overview map; one button among the zoom controls, so nothing else floats in a corner. */
export function OverviewMapToggle() {
  const shown = useEditorStore((s) => s.overviewShown);
  const setShown = useEditorStore((s) => s.setOverviewShown);
  const label = shown ? 'Hide overview map' : 'Show overview map';
  return (
    <ControlButton onClick={() => setShown(!shown)} title={label} aria-label={label} aria-pressed={shown} data-testid="overview-toggle">
      <MapIcon />
    </ControlButton>
  );
}

/**
 * Whether a node shows under the map's corner, checked at most once a frame as the view,
 * the canvas's size or the nodes change: the map then steps aside (issue 22, it covers no
 * node), unless the user is panning or zooming, or is using the map itself.
 */
function useNodeUnderMap(moving: boolean): boolean {
  const flowStore = useStoreApi();
  const nodes = useEditorStore((s) => s.nodes);
  const [under, setUnder] = useState(false);
  useEffect(() => {
    // Shown anyway while the user moves the view: checked once the move ends (a 1,000-node pan pays nothing).
    if (moving) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const { transform, width, height } = flowStore.getState();
      if (!width || !height) return;
      const box = { x: width - INSET - WIDTH, y: height - INSET - HEIGHT, width: WIDTH, height: HEIGHT };
      setUnder(anyUnder(box, transform, nodes.map(rectOf)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    const unsubscribe = flowStore.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) schedule();
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [flowStore, nodes, moving]);
  return under;
}

/**
 * The overview map in the corner: every node as a coloured block, the visible part of the
 * canvas as a frame, click or drag to move the view there. While a node shows under its
 * corner it steps aside (invisible, so the node is seen and clicked), and comes back as
 * the user pans or zooms, when it is needed to find the way. Nodes are drawn on a <canvas>
 * only when they change, and the frame is moved by style on each pan frame: React Flow's
 * SVG minimap repaints every node on every frame, which alone costs a large workflow a
 * quarter of its frame rate in software rendering.
 */
function OverviewMapView() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const fitRef = useRef<MapFit | null>(null);
  const flowStore = useStoreApi();
  const { setCenter } = useReactFlow();
  const nodes = useEditorStore((s) => s.nodes);
  const definitions = useEditorStore((s) => s.definitionsByType);
  const theme = useThemeStore((s) => s.theme);
  const moving = useEditorStore((s) => s.viewMoving);
  const nodeUnder = useNodeUnderMap(moving);
  // Clicked or dragged in, until the pointer leaves: the map is in use and stays. Hovering
  // alone does not count (a node dropped on the map's corner leaves the pointer there).
  const [engaged, setEngaged] = useState(false);
  const visible = moving || engaged || !nodeUnder;

  // Moves the frame to the visible part of the flow; cheap, runs on every pan frame.
  useEffect(() => {
    const place = (s: Pick<ReactFlowState, 'transform' | 'width' | 'height'>) => {
      const fit = fitRef.current;
      const frame = frameRef.current;
      if (fit && frame) placeFrame(frame, fit, s);
    };
    place(flowStore.getState());
    return flowStore.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) place(s);
    });
  }, [flowStore]);

  // Redraws the nodes when they (or the theme) change, at most once a frame.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = WIDTH * ratio;
      canvas.height = HEIGHT * ratio;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, WIDTH, HEIGHT);
      const bounds = boundsOf(nodes.map(rectOf));
      fitRef.current = bounds ? fitInto(bounds, WIDTH, HEIGHT) : null;
      const fit = fitRef.current;
      if (!fit) return;
      const brand = getComputedStyle(canvas).getPropertyValue('--color-brand').trim() || '#6d5efc';
      for (const node of nodes) {
        const definition = definitions.get(node.data.type);
        const r = toMap(rectOf(node), fit);
        context.fillStyle = node.selected ? brand : definition ? categorySwatch(definition.category).hex : '#d92d43';
        // Colours come from CSS variables, so a theme change redraws; dark wants them stronger.
        context.globalAlpha = node.selected ? 1 : theme === 'dark' ? 0.85 : 0.7;
        context.beginPath();
        context.roundRect(r.x, r.y, Math.max(r.width, 2), Math.max(r.height, 2), Math.min(3, r.width / 4));
        context.fill();
      }
      context.globalAlpha = 1;
      if (frameRef.current) placeFrame(frameRef.current, fit, flowStore.getState());
    });
    return () => cancelAnimationFrame(frame);
  }, [nodes, definitions, flowStore, theme]);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const fit = fitRef.current;
    if (!fit) return;
    const box = event.currentTarget.getBoundingClientRect();
    const point = toFlow({ x: event.clientX - box.left, y: event.clientY - box.top }, fit);
    // The user chose where to look: the view is no longer the fitted one.
    useEditorStore.getState().setViewFitted(false);
    void setCenter(point.x, point.y, { zoom: flowStore.getState().transform[2] });
  };

  return (
    <div
      className={`weft-overview nopan nodrag absolute right-3 bottom-3 z-10 cursor-pointer overflow-hidden rounded-[10px] border border-line bg-surface shadow-[0_4px_12px_-6px_rgb(0_0_0/0.2)] transition-[opacity,visibility] duration-150 ${visible ? '' : 'invisible opacity-0'}`}
      style={{ width: WIDTH, height: HEIGHT }}
      data-testid="overview-map"
      data-stepped-aside={visible ? undefined : 'true'}
      aria-hidden={visible ? undefined : true}
      title="Overview: click or drag to move the view"
      onPointerLeave={() => setEngaged(false)}
      onPointerDown={(event) => {
        setEngaged(true);
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
    >
      <canvas ref={canvasRef} aria-label="Overview of the workflow" role="img" style={{ width: WIDTH, height: HEIGHT }} />
      <div
        ref={frameRef}
        aria-hidden="true"
        className="weft-overview-frame pointer-events-none absolute top-0 left-0 rounded-[3px] border-[1.5px] border-brand"
      />
    </div>
  );
}
