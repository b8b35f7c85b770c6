import { type FormEvent, useId, useRef, useState } from 'react';
import { useSecrets } from '../../api/useSecrets';
import { SecretValueField } from '../../components/settings/secrets/SecretValueField';
import { secretValueError } from '../../components/settings/secrets/secret-rules';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';

/**
 * Adds the secret a workflow names but the user lacks, without leaving the editor. The
 * name is the one the workflow uses; the value goes to the server and is never shown again.
 */
export function AddSecretDialog({ name, usedBy, onClose }: { name: string; usedBy: string; onClose(): void }) {
  const { create } = useSecrets();
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const valueRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const error = value !== '' || submitted ? secretValueError(value) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (secretValueError(value)) return valueRef.current?.focus();
    create.mutate({ name, value }, { onSuccess: onClose });
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} initialFocusRef={valueRef}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <h2 id={titleId} className="text-base font-semibold text-ink">
            Add secret <span className="font-mono">{name}</span>
          </h2>
          <p className="mt-1 text-sm text-muted">Used by {usedBy}. It is stored encrypted and never shown again; nodes refer to it by name.</p>
        </div>
        <SecretValueField ref={valueRef} label="Value" placeholder="Paste the key, token or URL" value={value} onValue={setValue} error={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add secret
          </Button>
        </div>
      </form>
    </Modal>
  );
}
