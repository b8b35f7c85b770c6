import { SECRET_NAME_MAX, secretReference } from '@weft/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Secret, SecretChanges } from '../../../api/useSecrets';
import { closeOnEscape } from '../../../lib/escape-key';
import { RelativeTime } from '../../dashboard/RelativeTime';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { PencilIcon, RefreshIcon, TrashIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { maskedValue, secretNameError, secretValueError, secretValueNote } from './secret-rules';

type Mode = 'view' | 'rename' | 'replace';

export interface SecretRowProps {
  secret: Secret;
  now: Date;
  /** The user's other secret names. */
  otherNames: readonly string[];
  /** Resolves true when the change was saved. */
  onUpdate(changes: SecretChanges): Promise<boolean>;
  onDelete(): void;
  saving: boolean;
  deleting: boolean;
}

/** "Created by … · Last used … by …", what the audit trail knows of the secret's use. */
function SecretUse({ secret, now }: { secret: Secret; now: Date }) {
  return (
    <span data-testid="secret-use">
      {secret.createdBy && <>Created by {secret.createdBy} · </>}
      {secret.lastUsedAt ? (
        <>
          Last used <RelativeTime value={secret.lastUsedAt} now={now} />
          {secret.lastUsedBy && <> by {secret.lastUsedBy}</>}
        </>
      ) : (
        'Not used in a run yet'
      )}
    </span>
  );
}

/** One secret: name, masked tail, last change, and replace / rename / delete, each editing in place. */
export function SecretRow({ secret, now, otherNames, onUpdate, onDelete, saving, deleting }: SecretRowProps) {
  const [mode, setMode] = useState<Mode>('view');
  const row = useRef<HTMLLIElement>(null);
  // Keyboard users land back on the button that opened the form when it closes.
  const returnTo = useRef<Mode | null>(null);
  useEffect(() => {
    if (mode !== 'view' || !returnTo.current) return;
    row.current?.querySelector<HTMLButtonElement>(`[data-action="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [mode]);

  const open = (next: Mode) => setMode((current) => (current === next ? 'view' : next));
  const close = () => {
    returnTo.current = mode;
    setMode('view');
  };

  return (
    <li ref={row} className="px-4 py-3">
      <div className="flex items-center gap-4">
        <div className="min-w-0 flex-1">
          <p className="truncate font-mono text-sm font-medium text-ink" title={secretReference(secret.name)}>
            {secret.name}
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
            <span className="font-mono">
              <span className="sr-only">{secret.last4 ? 'Value ending in ' : 'Value hidden '}</span>
              <span aria-hidden="true">{maskedValue(secret.last4)}</span>
              {secret.last4 && <span className="sr-only">{secret.last4}</span>}
            </span>
            <span>
              Updated <RelativeTime value={secret.updatedAt} now={now} />
            </span>
            <SecretUse secret={secret} now={now} />
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-0.5">
          <IconButton
            data-action="replace"
            label={`Replace the value of ${secret.name}`}
            aria-expanded={mode === 'replace'}
            onClick={() => open('replace')}
            disabled={deleting}
          >
            <RefreshIcon size={15} />
          </IconButton>
          <IconButton data-action="rename" label={`Rename ${secret.name}`} aria-expanded={mode === 'rename'} onClick={() => open('rename')} disabled={deleting}>
            <PencilIcon size={15} />
          </IconButton>
          <IconButton label={`Delete ${secret.name}`} danger onClick={onDelete} disabled={deleting || saving}>
            <TrashIcon size={15} />
          </IconButton>
        </div>
      </div>
      {mode !== 'view' && (
        <EditSecretForm
          key={mode}
          mode={mode}
          secret={secret}
          otherNames={otherNames}
          saving={saving}
          onCancel={close}
          onSave={(changes) => onUpdate(changes)}
          onSaved={close}
        />
      )}
    </li>
  );
}

interface EditSecretFormProps {
  mode: 'rename' | 'replace';
  secret: Secret;
  otherNames: readonly string[];
  saving: boolean;
  onSave(changes: SecretChanges): Promise<boolean>;
  onSaved(): void;
  onCancel(): void;
}

/** A new name or a new value for one secret. Escape cancels; a failed save keeps the form open. */
function EditSecretForm({ mode, secret, otherNames, saving, onSave, onSaved, onCancel }: EditSecretFormProps) {
  const [draft, setDraft] = useState(mode === 'rename' ? secret.name : '');
  const [submitted, setSubmitted] = useState(false);
  const renaming = mode === 'rename';
  const problem = (text: string) => (renaming ? secretNameError(text, otherNames) : secretValueError(text));
  // Judged as typed; an empty field only once the user tried to save it.
  const error = submitted || draft !== '' ? problem(draft) : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem(draft)) return;
    if (renaming && draft === secret.name) return onCancel();
    if (await onSave(renaming ? { name: draft } : { value: draft })) onSaved();
  };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={closeOnEscape(onCancel)}
      noValidate
      aria-label={renaming ? `Rename ${secret.name}` : `Replace the value of ${secret.name}`}
      className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        // The user just asked to edit this secret: put them in the field.
        autoFocus
        label={renaming ? 'New name' : `New value for ${secret.name}`}
        name={renaming ? 'secretName' : 'secretValue'}
        type={renaming ? 'text' : 'password'}
        autoComplete={renaming ? 'off' : 'new-password'}
        spellCheck={false}
        maxLength={renaming ? SECRET_NAME_MAX : undefined}
        className={`flex-1 ${renaming ? '[&_input]:font-mono' : ''}`}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onFocus={(e) => renaming && e.currentTarget.select()}
        error={error}
        hint={
          renaming
            ? `Workflows refer to it as ${secretReference(draft || secret.name)}.`
            : (secretValueNote(draft) ?? 'The old value is replaced for every workflow.')
        }
      />
      <div className="flex gap-2 sm:mt-[1.625rem]">
        <Button type="submit" loading={saving}>
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
