import { type KeyboardEvent, useRef } from 'react';
import { useConfirmStore } from '../stores/confirm.store';
import { Button } from './ui/Button';
import { AlertTriangleIcon, InfoIcon } from './ui/icons';
import { Modal } from './ui/Modal';

/**
 * The app's one confirmation dialog, driven by `confirmDialog({...})`. The confirm
 * button has focus; Enter confirms, Escape or the backdrop cancels.
 */
export function ConfirmDialog() {
  const current = useConfirmStore((s) => s.current);
  const answer = useConfirmStore((s) => s.answer);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!current) return null;

  const titleId = `${current.id}-title`;
  const messageId = `${current.id}-message`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter confirms from anywhere but the Cancel button, which keeps its own meaning.
    if (event.key !== 'Enter' || event.target === cancelRef.current) return;
    event.preventDefault();
    answer(true);
  };

  return (
    <Modal
      key={current.id}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={current.message ? messageId : undefined}
      onClose={() => answer(false)}
      initialFocusRef={confirmRef}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Enter-to-confirm listens on the dialog body, whose buttons are the real controls. */}
      <div className="flex gap-4" onKeyDown={onKeyDown}>
        <div
          className={`flex size-10 shrink-0 items-center justify-center rounded-full ${current.danger ? 'bg-danger/10 text-danger' : 'bg-brand-soft text-brand'}`}
        >
          {current.danger ? <AlertTriangleIcon size={20} /> : <InfoIcon size={20} />}
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold text-ink">
            {current.title}
          </h2>
          {current.message && (
            <p id={messageId} className="mt-1.5 text-sm leading-6 text-muted">
              {current.message}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button ref={cancelRef} variant="secondary" onClick={() => answer(false)}>
              {current.cancelLabel}
            </Button>
            <Button ref={confirmRef} variant={current.danger ? 'danger' : 'primary'} onClick={() => answer(true)}>
              {current.confirmLabel}
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
