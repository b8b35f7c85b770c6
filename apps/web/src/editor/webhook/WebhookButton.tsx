import { useState } from 'react';
import { WebhookIcon } from '../../components/ui/icons';
import { WebhookDialog } from './WebhookDialog';

/** The editor toolbar's Webhook button and the dialog it opens. */
export function WebhookButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Webhook"
        title="Webhook: run this workflow from another service"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <WebhookIcon />
      </button>
      {open && <WebhookDialog onClose={() => setOpen(false)} />}
    </>
  );
}
