import { secretNameOf, secretReference } from '@weft/core';
import { useSecretNames } from '../../api/useSecretNames';
import { controlClasses, frameClasses } from '../../components/ui/control-styles';
import { AlertTriangleIcon, ChevronDownIcon, KeyIcon } from '../../components/ui/icons';
import { describedBy, FieldShell } from './FieldShell';
import { SettingsLink } from './SettingsLink';
import { looksLikeRawSecret, secretNameProblem } from './secret-reference';
import type { FieldEditorProps } from './types';

/**
 * A `secret` field: picks one of the user's secrets by name and stores the reference
 * `{{secrets.NAME}}`, never a value. Without a secrets list from the server, the user
 * types the name instead.
 */
export function SecretFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'secret'>) {
  const { secrets } = useSecretNames();
  const name = secretNameOf(value) ?? '';
  const raw = looksLikeRawSecret(value);
  const typedProblem = secrets === null && !raw ? secretNameProblem(name) : null;
  const missing = secrets !== null && name !== '' && !secrets.some((s) => s.name === name);
  const shownError = raw ? 'This holds a plain value, not a secret reference. Store the value as a secret and pick it here.' : (typedProblem ?? error);
  const hint = (
    <>
      Stored as <code className="font-mono text-[11px] text-muted">{secretReference(name || 'NAME')}</code>; the value stays on the server.{' '}
      <SettingsLink section="secrets">Manage secrets in Settings</SettingsLink>
    </>
  );
  const aria = {
    'aria-invalid': shownError ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy(id, { description: field.description, error: shownError, hint }),
  };

  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={shownError} hint={hint}>
      {secrets === null ? (
        <div className={frameClasses(!!shownError, 'flex h-9 items-center overflow-hidden')}>
          <span className="flex h-full items-center gap-1.5 border-r border-line bg-surface-2 px-2.5 font-mono text-xs text-muted">
            <KeyIcon size={13} />
            secrets.
          </span>
          <input
            id={id}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="OPENAI_API_KEY"
            value={raw ? '' : name}
            onChange={(e) => {
              const typed = e.target.value.trim();
              // An unusable name is still stored as typed so the message and the text agree.
              onChange(typed === '' ? undefined : secretReference(typed));
            }}
            {...aria}
            className="h-full min-w-0 flex-1 bg-transparent px-2.5 font-mono text-sm text-ink outline-none placeholder:text-subtle focus-visible:outline-none"
          />
        </div>
      ) : (
        <>
          <div className="relative">
            <KeyIcon size={14} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-subtle" />
            <select
              id={id}
              value={raw ? '' : name}
              onChange={(e) => onChange(e.target.value === '' ? undefined : secretReference(e.target.value))}
              {...aria}
              className={controlClasses(!!shownError, 'h-9 cursor-pointer appearance-none pr-9 pl-8')}
            >
              <option value="">{secrets.length === 0 ? 'No secrets yet' : 'Choose a secret…'}</option>
              {missing && <option value={name}>{name} (not found)</option>}
              {secrets.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name} ····{s.last4}
                </option>
              ))}
            </select>
            <ChevronDownIcon size={16} className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-subtle" />
          </div>
          {missing && (
            <p className="flex items-start gap-1.5 text-xs leading-5 text-warn">
              <AlertTriangleIcon size={13} className="mt-[3px] shrink-0" />
              No secret named “{name}” exists. Create it in Settings or pick another.
            </p>
          )}
        </>
      )}
    </FieldShell>
  );
}
