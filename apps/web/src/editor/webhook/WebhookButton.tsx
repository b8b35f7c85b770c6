import { useState } from 'react';
import { WebhookIcon } from '../../components/ui/icons';
import { TOOL_LABEL, toolClasses } from '../toolbar/tool-look';
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
        className={toolClasses()}
      >
        <WebhookIcon />
        <span className={TOOL_LABEL}>Webhook</span>
      </button>
      {open && <WebhookDialog onClose={() => setOpen(false)} />}
    </>
  );
}
