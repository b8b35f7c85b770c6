import { OptionList, SelectControl } from '../../components/ui/SelectControl';
import { describedBy, FieldShell } from './FieldShell';
import type { FieldEditorProps } from './types';

/** A `select` field as a native select (keyboard and screen readers for free). */
export function SelectFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'select'>) {
  // A missing key shows the default, which is what a run uses.
  const current = typeof value === 'string' ? value : (field.default ?? '');
  const known = field.options.some((o) => o.value === current);
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={error}>
      <SelectControl
        roomy
        invalid={!!error}
        id={id}
        value={current}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={field.required || undefined}
        aria-describedby={describedBy(id, { description: field.description, error })}
      >
        {/* An empty choice only while nothing is chosen, so a required field can't be cleared. */}
        {current === '' && (
          <option value="" disabled={field.required}>
            Choose…
          </option>
        )}
        {/* A value from an older version of the node stays visible instead of silently changing. */}
        {current !== '' && !known && <option value={current}>{current} (no longer offered)</option>}
        <OptionList options={field.options} />
      </SelectControl>
    </FieldShell>
  );
}
