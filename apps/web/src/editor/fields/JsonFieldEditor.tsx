import { useState } from 'react';
import { chipButton, controlClasses } from '../../components/ui/control-styles';
import { AutoTextarea } from './AutoTextarea';
import { describedBy, FieldShell } from './FieldShell';
import { formatJsonValue, parseJsonField } from './json-field';
import type { FieldEditorProps } from './types';

/** Equality by JSON text: a store may hand back a copy of the object we gave it. */
function sameJson(a: unknown, b: unknown): boolean {
  return a === b || formatJsonValue(a) === formatJsonValue(b);
}

/**
 * A `json` field: a monospace textarea parsed as the user types. While the text is not
 * valid JSON the error says where, and the config keeps the last valid value, so a run
 * started meanwhile uses that rather than nothing.
 */
export function JsonFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'json'>) {
  const [draft, setDraft] = useState(() => formatJsonValue(value));
  const [synced, setSynced] = useState(value);
  const [ownError, setOwnError] = useState<string | null>(null);
  if (!sameJson(value, synced)) {
    setSynced(value);
    setDraft(formatJsonValue(value));
    setOwnError(null);
  }

  const edit = (text: string) => {
    setDraft(text);
    const result = parseJsonField(text);
    setOwnError(result.ok ? null : result.error);
    if (!result.ok) return;
    setSynced(result.value);
    onChange(result.value);
  };

  const shownError = ownError ?? error;
  const canFormat = !ownError && draft.trim() !== '' && draft !== formatJsonValue(synced);
  return (
    <FieldShell
      id={id}
      label={field.label}
      required={field.required}
      description={field.description}
      error={shownError}
      hint={ownError ? 'The last valid JSON is kept until this parses.' : undefined}
      aside={
        <button type="button" className={chipButton} disabled={!canFormat} onClick={() => setDraft(formatJsonValue(synced))}>
          Format
        </button>
      }
    >
      <AutoTextarea
        id={id}
        value={draft}
        minRows={4}
        spellCheck={false}
        autoComplete="off"
        placeholder={'{\n  "key": "value"\n}'}
        onChange={(e) => edit(e.target.value)}
        aria-invalid={shownError ? true : undefined}
        aria-required={field.required || undefined}
        aria-describedby={describedBy(id, { description: field.description, error: shownError })}
        className={controlClasses(!!shownError, 'px-3 py-2 font-mono text-[13px] leading-5')}
      />
    </FieldShell>
  );
}
