import { useId } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { CopyField } from '../ui/CopyField';
import { DialogHeading } from '../ui/DialogHeading';
import { KeyIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';

/** Shows a just-created key, the one time it can be seen. */
export function NewApiKeyDialog({ name, token, onClose }: { name: string; token: string; onClose(): void }) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Modal labelledBy={titleId} describedBy={descriptionId} onClose={onClose}>
      <DialogHeading
        icon={<KeyIcon size={20} />}
        tone="brand"
        title="Your new API key"
        titleId={titleId}
        description={
          <>
            Copy the key for <span className="font-medium text-ink">{name}</span> now and keep it somewhere safe, such as your script's secret store.
          </>
        }
        descriptionId={descriptionId}
      />
      <div className="mt-5 space-y-4">
        <CopyField label="API key" value={token} copiedMessage="API key copied" />
        <Alert tone="warning">This is the only time Weft shows this key. If you lose it, revoke it and create a new one.</Alert>
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  );
}
