import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LOGS_DEFAULT_HEIGHT, LOGS_MAX_HEIGHT, LOGS_MIN_HEIGHT, LogsArea } from '../panels/LogsArea';
import { ResizeHandle } from '../panels/ResizeHandle';
import { useEditorStore } from '../store/editor.store';
import { InspectorPanel } from './InspectorPanel';
import { shownRun, useRunStore } from './run.store';
import { inspectorWidthBounds } from './run-drawer-layout';
import { type RunLogEntry, toLogLines } from './run-log';
import { isActive } from './run-view';

const NO_ENTRIES: readonly RunLogEntry[] = [];

/** The run's log as the logs area shows it, node ids turned into their current labels. */
function useRunLogLines() {
  const entries = useRunStore((s) => shownRun(s)?.log.entries ?? NO_ENTRIES);
  const ids = useEditorStore(useShallow((s) => s.nodes.map((n) => n.id)));
  const labels = useEditorStore(useShallow((s) => s.nodes.map((n) => n.data.label)));
  return useMemo(() => {
    const byId = new Map(ids.map((id, index) => [id, labels[index] ?? id]));
    return toLogLines(entries, (id) => byId.get(id));
  }, [entries, ids, labels]);
}

/** The element's width in px, kept current as panels open and close beside it. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The drawer under the canvas: the logs area fed by the run on screen and, while a run
 * is shown, the inspector on its right. The logs take what the inspector leaves; the
 * inspector's width follows the drawer until the user drags its edge. One handle on top
 * sets the height of both.
 */
export function RunDrawer() {
  const expanded = useEditorStore((s) => s.logsExpanded);
  const setExpanded = useEditorStore((s) => s.setLogsExpanded);
  const hasRun = useRunStore((s) => shownRun(s) !== null);
  // A running run's log cannot be cleared: the next events would land on nothing.
  const canClear = useRunStore((s) => shownRun(s) !== null && (s.viewing !== null || !isActive(s.live)));
  const clearShown = useRunStore((s) => s.clearShown);
  const lines = useRunLogLines();
  const [height, setHeight] = useState(LOGS_DEFAULT_HEIGHT);
  const drawer = useRef<HTMLDivElement>(null);
  const drawerWidth = useWidth(drawer);
  // Null until the user resizes: the inspector then keeps a share of the drawer as it changes.
  const [chosenWidth, setChosenWidth] = useState<number | null>(null);
  const bounds = inspectorWidthBounds(drawerWidth);
  const inspectorWidth = Math.min(bounds.max, Math.max(bounds.min, chosenWidth ?? bounds.preferred));
  const showInspector = expanded && hasRun;

  return (
    <div ref={drawer} className="relative flex shrink-0 items-stretch">
      {expanded && (
        <ResizeHandle
          edge="top"
          size={height}
          min={LOGS_MIN_HEIGHT}
          max={LOGS_MAX_HEIGHT}
          label={showInspector ? 'Resize logs and inspector' : 'Resize logs'}
          onResize={setHeight}
        />
      )}
      <div className="min-w-0 flex-1">
        <LogsArea
          expanded={expanded}
          onToggle={() => setExpanded(!expanded)}
          lines={lines}
          onClear={canClear ? clearShown : undefined}
          height={height}
          onHeightChange={setHeight}
          resizable={false}
        />
      </div>
      {showInspector && (
        <div className="relative shrink-0" style={{ width: inspectorWidth }}>
          <ResizeHandle edge="left" size={inspectorWidth} min={bounds.min} max={bounds.max} label="Resize inspector" onResize={setChosenWidth} />
          <InspectorPanel bodyHeight={height} />
        </div>
      )}
    </div>
  );
}
