import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../run/run.store';
import { isActive } from '../run/run-view';
import { useEditorStore } from '../store/editor.store';
import { progressOnOpen, readProgress, showsOn, type TutorialProgress, writeProgress } from './tutorial-progress';
import { nextStep, TUTORIAL_STEPS, type TutorialFacts } from './tutorial-steps';

/** The editor and run state the steps look at, shallow-compared so a drag does not re-render the card. */
function useTutorialFacts(): TutorialFacts {
  const nodes = useEditorStore(useShallow((s) => s.nodes.map((n) => `${n.id} ${n.data.type}`)));
  const edges = useEditorStore(useShallow((s) => s.edges.map((e) => `${e.source} ${e.target}`)));
  const logsExpanded = useEditorStore((s) => s.logsExpanded);
  const runStarted = useRunStore((s) => s.live !== null);
  const runEnded = useRunStore((s) => s.live !== null && !isActive(s.live));
  return {
    nodes: nodes.map((n) => {
      const [id = '', type = ''] = n.split(' ');
      return { id, type };
    }),
    edges: edges.map((e) => {
      const [source = '', target = ''] = e.split(' ');
      return { source, target };
    }),
    runStarted,
    runEnded,
    logsExpanded,
  };
}

export interface TutorialController {
  progress: TutorialProgress;
  /** The step's card belongs on the workflow open now (the one the tutorial started on). */
  shown: boolean;
  /** Set when the last step was done in this session, for the closing card. */
  justFinished: boolean;
  dismiss(): void;
  closeFinished(): void;
}

/** Stored and kept in state together, so a reload resumes where the screen was. */
function useStoredProgress(initial: () => TutorialProgress) {
  const [progress, setProgress] = useState(initial);
  const save = useCallback((next: TutorialProgress) => {
    writeProgress(next);
    setProgress(next);
  }, []);
  return [progress, save] as const;
}

/**
 * The tutorial's progress: read from local storage when the editor opens (starting it on a
 * blank workflow if it never ran), moved on as the editor shows each step done, written back
 * on every change so a reload resumes at the same step. It follows its workflow through the
 * first save, which gives the workflow its id.
 */
export function useTutorialProgress(): TutorialController {
  const [progress, save] = useStoredProgress(() => {
    const stored = readProgress();
    const { workflowId, nodes } = useEditorStore.getState();
    const opened = progressOnOpen(stored, { workflowId, blank: nodes.length === 0 });
    if (opened !== stored) writeProgress(opened);
    return opened;
  });
  const [justFinished, setJustFinished] = useState(false);
  const workflowId = useEditorStore((s) => s.workflowId);
  const facts = useTutorialFacts();
  const shown = showsOn(progress, workflowId);
  const from = shown ? progress.step : -1;
  const step = from < 0 ? -1 : nextStep(from, facts);

  // The unsaved workflow it started on was just saved: it is that workflow still.
  const previousId = useRef(workflowId);
  useEffect(() => {
    const before = previousId.current;
    previousId.current = workflowId;
    if (before === null && workflowId !== null && progress.status === 'active' && progress.workflowId === null) save({ ...progress, workflowId });
  }, [workflowId, progress, save]);

  useEffect(() => {
    if (from < 0 || step === from || progress.status !== 'active') return;
    if (step >= TUTORIAL_STEPS.length) {
      save({ status: 'done' });
      setJustFinished(true);
    } else save({ ...progress, step });
  }, [from, step, progress, save]);

  const dismiss = useCallback(() => save({ status: 'dismissed' }), [save]);
  const closeFinished = useCallback(() => setJustFinished(false), []);
  return { progress, shown, justFinished, dismiss, closeFinished };
}
