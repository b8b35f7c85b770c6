import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LogsArea } from '../panels/LogsArea';
import { useEditorStore } from '../store/editor.store';
import { InspectorPanel } from './InspectorPanel';
import { shownRun, useRunStore } from './run.store';
import { type RunLogEntry, toLogLines } from './run-log';
import { isActive } from './run-view';

const NO_ENTRIES: readonly RunLogEntry[] = [];
/** The logs body's starting height; the inspector beside it always takes the same. */
const DEFAULT_BODY_HEIGHT = 224;

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

/**
 * The drawer under the canvas: the logs area fed by the run on screen and, while a run
 * is shown, the inspector beside it at the same height (one resize handle serves both).
 */
export function RunDrawer() {
  const expanded = useEditorStore((s) => s.logsExpanded);
  const setExpanded = useEditorStore((s) => s.setLogsExpanded);
  const hasRun = useRunStore((s) => shownRun(s) !== null);
  // A running run's log cannot be cleared: the next events would land on nothing.
  const canClear = useRunStore((s) => shownRun(s) !== null && (s.viewing !== null || !isActive(s.live)));
  const clearShown = useRunStore((s) => s.clearShown);
  const lines = useRunLogLines();
  const [height, setHeight] = useState(DEFAULT_BODY_HEIGHT);

  return (
    <div className="flex shrink-0 items-end">
      <div className="min-w-0 flex-1">
        <LogsArea
          expanded={expanded}
          onToggle={() => setExpanded(!expanded)}
          lines={lines}
          onClear={canClear ? clearShown : undefined}
          height={height}
          onHeightChange={setHeight}
        />
      </div>
      {expanded && hasRun && (
        <div className="self-stretch border-t border-line">
          <InspectorPanel bodyHeight={height} />
        </div>
      )}
    </div>
  );
}
