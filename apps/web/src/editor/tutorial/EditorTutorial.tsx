import { Button } from '../../components/ui/Button';
import { TutorialCard } from './TutorialCard';
import { TUTORIAL_STEPS } from './tutorial-steps';
import { useTutorialProgress } from './useTutorialProgress';

/** Dots for the steps: done, current, to come. */
function StepDots({ current }: { current: number }) {
  return (
    <span className="flex items-center gap-1" aria-hidden="true">
      {TUTORIAL_STEPS.map((step, index) => (
        <span key={step.id} className={`h-1.5 rounded-full ${index === current ? 'w-4 bg-brand' : index < current ? 'w-1.5 bg-brand/50' : 'w-1.5 bg-line'}`} />
      ))}
    </span>
  );
}

/**
 * The first-run tutorial (SPEC.md sections 4 and 9, issues 13 and 22): a card per step
 * that moves on when the editor shows the step done, skippable at any point, resumed after
 * a reload, and never shown again once finished or skipped. It starts only on a blank
 * workflow and shows only on the one it started on; its card never covers what its step
 * names (`card-position.ts`).
 */
export function EditorTutorial() {
  const { progress, shown, justFinished, dismiss, closeFinished } = useTutorialProgress();
  if (justFinished) {
    return (
      <TutorialCard
        title="Your first workflow ran"
        anchor='[data-testid="logs-area"]'
        placement="above"
        onClose={closeFinished}
        closeLabel="Close"
        footer={
          <>
            <span className="text-xs text-subtle">Tutorial done</span>
            <Button size="sm" onClick={closeFinished}>
              Got it
            </Button>
          </>
        }
      >
        Double-click a node (or select it and press Enter) to change its settings, then run again. Your work is saved under this name on the dashboard.
      </TutorialCard>
    );
  }
  if (!shown || progress.status !== 'active') return null;
  const index = Math.min(progress.step, TUTORIAL_STEPS.length - 1);
  const step = TUTORIAL_STEPS[index];
  if (!step) return null;
  return (
    <TutorialCard
      key={step.id}
      title={step.title}
      anchor={step.anchor}
      placement={step.placement}
      avoid={step.avoid}
      fallback={step.fallback}
      progress={`Step ${index + 1} of ${TUTORIAL_STEPS.length}`}
      onClose={dismiss}
      closeLabel="Skip the tutorial"
      footer={
        <>
          <StepDots current={index} />
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Skip tutorial
          </Button>
        </>
      }
    >
      {step.body}
    </TutorialCard>
  );
}
