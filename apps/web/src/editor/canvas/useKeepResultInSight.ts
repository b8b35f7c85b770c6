import { useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import { shownRun, useRunStore } from '../run/run.store';
import { useEditorStore } from '../store/editor.store';
import { answerNodeIds } from './answer-nodes';
import { focusBox, revealOffset } from './reveal-offset';
import { useFitView } from './useFitView';
import { floatingBoxes, screenBox } from './useKeepSelectionVisible';

const MARGIN = 24;
const NO_IDS: readonly string[] = [];

/** The run on screen once it has ended, by execution id; null while none is shown or it still runs. */
function useEndedRunId(): string | null {
  return useRunStore((s) => {
    const view = shownRun(s);
    return view && view.run.status !== 'pending' && view.run.status !== 'running' ? view.executionId : null;
  });
}

/**
 * When a run ends, its result is on the canvas without panning (issue 22): the cards that
 * carry it (answer-nodes.ts) have grown by their result lines, so a view still fitted is
 * fitted again, and then the view slides just far enough to show those cards whole, clear
 * of what floats over the canvas (a long workflow fitted at the smallest zoom can still
 * hang over the edges). Again as those cards or the canvas change size (a result drawn a
 * frame later, the logs opening), but never after the user has moved the view, and never
 * while a node's settings are open: the node being configured has the view then.
 */
export function useKeepResultInSight() {
  const endedRunId = useEndedRunId();
  const answerIds = useMemo(() => {
    if (!endedRunId) return NO_IDS;
    const view = shownRun(useRunStore.getState());
    const { nodes, edges } = useEditorStore.getState();
    return view ? answerNodeIds(nodes, edges, view.run.nodes) : NO_IDS;
  }, [endedRunId]);
  // The few answer cards' sizes only, so a pan (which changes the store every frame) costs nothing.
  const sizes = useStore((s) => answerIds.map((id) => `${s.nodeLookup.get(id)?.measured.height ?? 0}`).join(','));
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const moved = useEditorStore((s) => s.viewMoving);
  const flowStore = useStoreApi();
  const { setViewport } = useReactFlow();
  const fitView = useFitView();
  const userMoved = useRef<string | null>(null);

  useEffect(() => {
    if (moved && endedRunId) userMoved.current = endedRunId;
  }, [moved, endedRunId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `sizes`, `width` and `height` are triggers: the answer cards or the canvas measured again.
  useEffect(() => {
    if (!endedRunId || answerIds.length === 0 || userMoved.current === endedRunId) return;
    const reveal = () => {
      const { nodeLookup, transform, domNode, width: w, height: h } = flowStore.getState();
      if (!domNode || !w || !h) return;
      const boxes = answerIds.flatMap((id) => {
        const node = nodeLookup.get(id);
        return node ? [screenBox(node, transform)] : [];
      });
      const [first, ...rest] = boxes;
      if (!first) return;
      const view = { width: w, height: h };
      const { dx, dy } = revealOffset(focusBox(first, rest, view, MARGIN), view, floatingBoxes(domNode), MARGIN);
      const [tx, ty, zoom] = transform;
      if (dx !== 0 || dy !== 0) void setViewport({ x: tx + dx, y: ty + dy, zoom });
    };
    let next = 0;
    // A frame later, after the selection has had the view (useKeepSelectionVisible runs first).
    const frame = requestAnimationFrame(() => {
      const ui = useEditorStore.getState();
      if (ui.fitViewRequested || ui.rightPanel?.kind === 'node' || ui.modalPanel) return;
      if (ui.viewFitted) fitView(0);
      next = requestAnimationFrame(reveal);
    });
    return () => {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(next);
    };
  }, [endedRunId, answerIds, sizes, width, height, flowStore, setViewport, fitView]);
}
