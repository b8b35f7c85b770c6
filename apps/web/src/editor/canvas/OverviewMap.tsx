import { type ReactFlowState, useReactFlow, useStoreApi } from '@xyflow/react';
import { type PointerEvent, useEffect, useRef } from 'react';
import { CloseIcon, LayoutIcon } from '../../components/ui/icons';
import { categorySwatch } from '../../lib/palette';
import { useThemeStore } from '../../stores/theme.store';
import { useEditorStore } from '../store/editor.store';
import type { EditorNode } from '../store/types';
import { NODE_HEIGHT_ESTIMATE, NODE_WIDTH } from './flow-config';
import { boundsOf, fitInto, type MapFit, toFlow, toMap, visibleFlowRect } from './minimap-geometry';

const WIDTH = 200;
const HEIGHT = 136;
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
 * The overview map, or the button that brings it back once hidden: hidden, the corner
 * is the canvas's again (issue 13: the map covered nodes).
 */
export function OverviewMap() {
  const shown = useEditorStore((s) => s.overviewShown);
  const setShown = useEditorStore((s) => s.setOverviewShown);
  if (shown) return <OverviewMapView onHide={() => setShown(false)} />;
  return (
    <button
      type="button"
      className="nopan nodrag absolute right-3 bottom-3 z-10 flex size-8 items-center justify-center rounded-lg border border-line bg-surface text-muted shadow-[0_4px_12px_-6px_rgb(0_0_0/0.2)] hover:text-ink focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:outline-none"
      data-testid="overview-toggle"
      aria-label="Show overview map"
      title="Show overview map"
      onClick={() => setShown(true)}
    >
      <LayoutIcon size={16} />
    </button>
  );
}

/**
 * The overview map in the corner: every node as a coloured block, the visible part of the
 * canvas as a frame, click or drag to move the view there. Nodes are drawn on a <canvas>
 * only when they change, and the frame is moved by style on each pan frame: React Flow's
 * SVG minimap repaints every node on every frame, which alone costs a large workflow a
 * quarter of its frame rate in software rendering.
 */
function OverviewMapView({ onHide }: { onHide(): void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const fitRef = useRef<MapFit | null>(null);
  const flowStore = useStoreApi();
  const { setCenter } = useReactFlow();
  const nodes = useEditorStore((s) => s.nodes);
  const definitions = useEditorStore((s) => s.definitionsByType);
  const theme = useThemeStore((s) => s.theme);

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
    void setCenter(point.x, point.y, { zoom: flowStore.getState().transform[2] });
  };

  return (
    <div
      className="weft-overview nopan nodrag absolute right-3 bottom-3 z-10 cursor-pointer overflow-hidden rounded-[10px] border border-line bg-surface shadow-[0_4px_12px_-6px_rgb(0_0_0/0.2)]"
      style={{ width: WIDTH, height: HEIGHT }}
      data-testid="overview-map"
      title="Overview: click or drag to move the view"
      onPointerDown={(event) => {
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
      <button
        type="button"
        className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-md bg-surface/85 text-subtle hover:text-ink focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:outline-none"
        aria-label="Hide overview map"
        title="Hide overview map"
        // The map moves the view on pointer-down; the button must not.
        onPointerDown={(event) => event.stopPropagation()}
        onClick={onHide}
      >
        <CloseIcon size={12} />
      </button>
    </div>
  );
}
