import { type ReactNode, useId, useRef } from 'react';
import { CloseIcon, SparklesIcon } from '../../components/ui/icons';
import { closeOnEscape } from '../../lib/escape-key';
import type { Placement } from './tutorial-steps';
import { useAnchorPosition } from './useAnchorPosition';

const NOTHING: readonly string[] = [];

interface TutorialCardProps {
  title: string;
  children: ReactNode;
  anchor: string;
  placement: Placement;
  /** What the step names besides the anchor: the card never covers it (issue 22). */
  avoid?: readonly string[];
  /** Pointed at while the anchor is hidden. */
  fallback?: string;
  /** "Step 2 of 6", or nothing on the closing card. */
  progress?: string;
  /** Escape and the close button. */
  onClose(): void;
  closeLabel: string;
  footer: ReactNode;
}

/**
 * The tutorial's small card: fixed beside what it points at, not modal (the canvas stays
 * usable under and around it). Escape inside it closes it and hands the focus back to the
 * canvas; each new step is announced through the live title.
 */
export function TutorialCard({ title, children, anchor, placement, avoid = NOTHING, fallback, progress, onClose, closeLabel, footer }: TutorialCardProps) {
  const card = useRef<HTMLElement>(null);
  const position = useAnchorPosition(card, anchor, placement, avoid, fallback);
  const titleId = useId();
  const close = () => {
    onClose();
    document.querySelector<HTMLElement>('[data-testid="editor-canvas"]')?.focus({ preventScroll: true });
  };
  return (
    <section
      ref={card}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="tutorial-card"
      onKeyDown={closeOnEscape(close)}
      // Hidden until placed, so it never flashes in the corner.
      style={position ? { left: position.left, top: position.top } : { left: 0, top: 0, visibility: 'hidden' }}
      className="fixed z-40 w-[300px] rounded-xl border border-line bg-surface p-4 text-left shadow-[0_12px_32px_-12px_rgb(0_0_0/0.35)] ring-1 ring-brand/15 dark:shadow-black/60"
    >
      <div className="flex items-start gap-2.5">
        <span aria-hidden="true" className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-md bg-brand/12 text-brand">
          <SparklesIcon size={14} />
        </span>
        <div className="min-w-0 flex-1">
          {progress && <p className="text-[11px] font-semibold tracking-wide text-subtle uppercase">{progress}</p>}
          <h2 id={titleId} className="text-sm font-semibold text-ink" aria-live="polite">
            {title}
          </h2>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={closeLabel}
          title={`${closeLabel} (Esc)`}
          className="-mt-1 -mr-1 flex size-7 shrink-0 items-center justify-center rounded-md text-subtle hover:bg-surface-2 hover:text-ink focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          <CloseIcon size={14} />
        </button>
      </div>
      <div className="mt-2 pl-[34px] text-[13px] leading-5 text-muted">{children}</div>
      <div className="mt-3 flex items-center justify-between gap-2 pl-[34px]">{footer}</div>
    </section>
  );
}
