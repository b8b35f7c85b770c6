import { type KeyboardEvent, useState } from 'react';
import { frameClasses } from '../../components/ui/control-styles';
import { describedBy, FieldShell } from './FieldShell';
import { parseNumberField } from './number-field';
import type { FieldEditorProps } from './types';

function rangeHint(min?: number, max?: number): string | undefined {
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}`;
  if (min !== undefined) return `${min} or more`;
  if (max !== undefined) return `Up to ${max}`;
  return undefined;
}

const stepButton =
  'flex w-8 shrink-0 items-center justify-center text-base text-muted transition-colors hover:bg-surface-2 hover:text-ink disabled:pointer-events-none disabled:opacity-40';

/**
 * A `number` field: text input with − / + steppers and Arrow Up/Down (Shift: ×10).
 * The typed text stays as typed while it is not a valid number (so "-" or "0." can be
 * finished); only valid numbers reach the config, and the message says what is allowed.
 */
export function NumberFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'number'>) {
  const stored = typeof value === 'number' ? value : undefined;
  // A missing key shows the default (what a run uses); clearing the field leaves it empty.
  const [draft, setDraft] = useState(() => String(stored ?? field.default ?? ''));
  const [synced, setSynced] = useState(stored);
  const [ownError, setOwnError] = useState<string | null>(null);
  // A value changed elsewhere (undo, another panel) replaces the draft.
  if (!Object.is(stored, synced)) {
    setSynced(stored);
    setDraft(stored === undefined ? '' : String(stored));
    setOwnError(null);
  }

  const commit = (text: string) => {
    setDraft(text);
    const result = parseNumberField(text, field);
    setOwnError(result.ok ? null : result.error);
    if (!result.ok) return;
    setSynced(result.value);
    onChange(result.value);
  };

  const step = field.step ?? 1;
  const bump = (direction: 1 | -1, factor = 1) => {
    const base = Number.isFinite(Number(draft)) && draft.trim() !== '' ? Number(draft) : (field.min ?? 0);
    let next = base + direction * step * factor;
    if (field.min !== undefined) next = Math.max(field.min, next);
    if (field.max !== undefined) next = Math.min(field.max, next);
    // Round away binary noise (0.1 + 0.2) to the step's decimals.
    const decimals = (String(step).split('.')[1] ?? '').length;
    commit(String(Number(next.toFixed(decimals))));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    bump(event.key === 'ArrowUp' ? 1 : -1, event.shiftKey ? 10 : 1);
  };

  const shownError = ownError ?? error;
  // The range is in the message while there is one; saying it twice is noise.
  const hint = shownError ? undefined : rangeHint(field.min, field.max);
  const current = Number(draft);
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={shownError} hint={hint}>
      <div className={frameClasses(!!shownError, 'flex h-9 items-stretch overflow-hidden')}>
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Decrease ${field.label}`}
          className={`${stepButton} border-r border-line`}
          disabled={field.min !== undefined && draft !== '' && current <= field.min}
          onClick={() => bump(-1)}
        >
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={draft}
          placeholder={field.default === undefined ? undefined : String(field.default)}
          onChange={(e) => commit(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={shownError ? true : undefined}
          aria-required={field.required || undefined}
          aria-describedby={describedBy(id, { description: field.description, error: shownError, hint })}
          className="min-w-0 flex-1 bg-transparent px-3 text-center font-mono text-sm text-ink tabular-nums outline-none placeholder:text-subtle focus-visible:outline-none"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Increase ${field.label}`}
          className={`${stepButton} border-l border-line`}
          disabled={field.max !== undefined && draft !== '' && current >= field.max}
          onClick={() => bump(1)}
        >
          +
        </button>
      </div>
    </FieldShell>
  );
}
