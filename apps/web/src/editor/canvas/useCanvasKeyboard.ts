import { type RefObject, useEffect } from 'react';
import { useEditorStore } from '../store/editor.store';
import { NUDGE_SHIFT_FACTOR, NUDGE_STEP } from './flow-config';
import { isTypingTarget } from './is-typing-target';
import { focusedOrSelectedNode } from './node-target';
import { openNodeSettings } from './open-node-settings';

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Enter opens the settings of the focused or selected node, their first field focused
 * (selecting no longer opens them, issue 13). Arrow keys nudge the selected nodes 5 px, 20 px with Shift (SPEC.md section 9), while
 * the canvas has focus. React Flow's own arrow handling moves by the snap grid (15 px)
 * instead, so this listens in the capture phase and stops the event before it gets there.
 */
export function useCanvasKeyboard(wrapperRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = DIRECTIONS[event.key];
      const enter = event.key === 'Enter' && !event.shiftKey;
      if ((!direction && !enter) || event.altKey || event.metaKey || event.ctrlKey || isTypingTarget(event.target)) return;
      const active = document.activeElement;
      const canvasFocused = !!wrapperRef.current && (active === document.body || wrapperRef.current.contains(active));
      if (!canvasFocused) return;
      if (enter) {
        const nodeId = focusedOrSelectedNode(active);
        // A button on the canvas (zoom, overview) keeps its own Enter.
        if (!nodeId || active?.closest('button')) return;
        openNodeSettings(nodeId, { focus: true });
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      if (!direction) return;
      const step = NUDGE_STEP * (event.shiftKey ? NUDGE_SHIFT_FACTOR : 1);
      if (!useEditorStore.getState().nudgeSelection(direction[0] * step, direction[1] * step)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [wrapperRef]);
}
