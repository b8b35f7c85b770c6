import { create } from 'zustand';
import type { ExecutionDetail, ExecutionSummary } from '../../api/executions';
import { onSignOut } from '../../stores/auth.store';
import { foldEvents, historyView, liveView, type RunView, type SequencedEvent } from './run-view';

/** The live stream's state, for the logs header ("Reconnecting…"). */
export type StreamState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface RunStoreState {
  /** The run started (or watched) from this editor; it stays after it ends, until the next. */
  live: RunView | null;
  /** A stored run picked in the history, shown instead of `live` until the user goes back. */
  viewing: RunView | null;
  /** Saving and asking the server to start: the Run button waits. */
  starting: boolean;
  stream: StreamState;
  /** The execution whose detail is being fetched (a history click). */
  opening: string | null;
}

export interface RunStoreActions {
  setStarting(starting: boolean): void;
  /** A run the server accepted: it becomes the live one and what the canvas shows. */
  startLive(summary: ExecutionSummary, inputs: Readonly<Record<string, unknown>>): void;
  /** Events of the live run, in stream order; events of another execution are ignored. */
  applyEvents(executionId: string, batch: readonly SequencedEvent[]): void;
  /** The live run's stored detail, when the stream could not say how it ended. */
  settleLive(detail: ExecutionDetail): void;
  setStream(stream: StreamState): void;
  setOpening(executionId: string | null): void;
  /** Shows a stored run; the live one keeps updating underneath. */
  showHistory(detail: ExecutionDetail): void;
  /** Leaves the stored run: back to the live run, or to nothing. */
  backToLive(): void;
  /** Forgets what is shown (the logs' Clear), unless it is still running. */
  clearShown(): void;
  reset(): void;
}

const INITIAL: RunStoreState = { live: null, viewing: null, starting: false, stream: 'idle', opening: null };

/**
 * The run overlay (STYLE.md rule 7): keyed by node id and fed by the engine's event
 * union, kept apart from the editor store so a run never touches the document, its undo
 * history or its unsaved-changes flag.
 */
export const useRunStore = create<RunStoreState & RunStoreActions>()((set) => ({
  ...INITIAL,
  setStarting(starting) {
    set({ starting });
  },
  startLive(summary, inputs) {
    set({ live: liveView(summary, inputs), viewing: null, stream: 'connecting' });
  },
  applyEvents(executionId, batch) {
    set((s) => {
      if (!s.live || s.live.executionId !== executionId) return s;
      const live = foldEvents(s.live, batch);
      return live === s.live ? s : { live };
    });
  },
  settleLive(detail) {
    set((s) => {
      if (!s.live || s.live.executionId !== detail.id) return s;
      // Keep what the stream already showed when it says more than the stored row.
      const stored = historyView(detail);
      const log = s.live.log.entries.length > stored.log.entries.length ? s.live.log : stored.log;
      return { live: { ...stored, source: 'live', log, inputs: s.live.inputs }, stream: 'closed' };
    });
  },
  setStream(stream) {
    set({ stream });
  },
  setOpening(opening) {
    set({ opening });
  },
  showHistory(detail) {
    set({ viewing: historyView(detail), opening: null });
  },
  backToLive() {
    set({ viewing: null });
  },
  clearShown() {
    set((s) => {
      if (s.viewing) return { viewing: null };
      if (s.live && (s.live.run.status === 'pending' || s.live.run.status === 'running')) return s;
      return { live: null, stream: 'idle' };
    });
  },
  reset() {
    set(INITIAL);
  },
}));

/** What the canvas, logs and inspector show: the picked stored run, else the live one. */
export function shownRun(s: RunStoreState): RunView | null {
  return s.viewing ?? s.live;
}

onSignOut(() => useRunStore.getState().reset());
