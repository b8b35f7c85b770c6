import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../run/run.store';
import { isActive } from '../run/run-view';
import { useEditorStore } from '../store/editor.store';
import { readProgress, type TutorialProgress, writeProgress } from './tutorial-progress';
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
  /** Set when the last step was done in this session, for the closing card. */
  justFinished: boolean;
  dismiss(): void;
  closeFinished(): void;
}

/**
 * The tutorial's progress: read from local storage once, moved on as the editor shows
 * each step done, written back on every change so a reload resumes at the same step.
 */
export function useTutorialProgress(): TutorialController {
  const [progress, setProgress] = useState(readProgress);
  const [justFinished, setJustFinished] = useState(false);
  const facts = useTutorialFacts();
  const from = progress.status === 'active' ? progress.step : -1;
  const step = from < 0 ? -1 : nextStep(from, facts);

  useEffect(() => {
    if (from < 0 || step === from) return;
    const next: TutorialProgress = step >= TUTORIAL_STEPS.length ? { status: 'done' } : { status: 'active', step };
    writeProgress(next);
    setProgress(next);
    if (next.status === 'done') setJustFinished(true);
  }, [from, step]);

  const dismiss = useCallback(() => {
    writeProgress({ status: 'dismissed' });
    setProgress({ status: 'dismissed' });
  }, []);
  const closeFinished = useCallback(() => setJustFinished(false), []);
  return { progress, justFinished, dismiss, closeFinished };
}
