import { useRef } from 'react';
import { Button } from '../../components/ui/Button';
import { DialogHeading } from '../../components/ui/DialogHeading';
import { AlertTriangleIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/Modal';

interface ConflictDialogProps {
  onReload(): void;
  onOverwrite(): void;
  onCancel(): void;
  overwriting: boolean;
}

/**
 * A save refused as stale (409): someone saved this workflow since it was opened. The
 * user keeps theirs (overwrite) or takes the stored one (reload, losing their edits).
 */
export function ConflictDialog({ onReload, onOverwrite, onCancel, overwriting }: ConflictDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal role="alertdialog" labelledBy="conflict-title" describedBy="conflict-message" onClose={onCancel} initialFocusRef={cancelRef}>
      <DialogHeading
        icon={<AlertTriangleIcon size={20} />}
        tone="warn"
        title="This workflow was changed elsewhere"
        titleId="conflict-title"
        description="A newer version was saved (in another tab or by another session) after you opened it. Reload to get that version and discard your changes, or overwrite it with yours."
        descriptionId="conflict-message"
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={onReload}>
            Reload (discard mine)
          </Button>
          <Button variant="danger" onClick={onOverwrite} loading={overwriting}>
            Overwrite
          </Button>
        </div>
      </DialogHeading>
    </Modal>
  );
}
