import { controlClasses } from '../../components/ui/control-styles';
import { ChevronDownIcon } from '../../components/ui/icons';
import { describedBy, FieldShell } from './FieldShell';
import type { FieldEditorProps } from './types';

/** A `select` field as a native select (keyboard and screen readers for free). */
export function SelectFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'select'>) {
  // A missing key shows the default, which is what a run uses.
  const current = typeof value === 'string' ? value : (field.default ?? '');
  const known = field.options.some((o) => o.value === current);
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={error}>
      <div className="relative">
        <select
          id={id}
          value={current}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required={field.required || undefined}
          aria-describedby={describedBy(id, { description: field.description, error })}
          className={controlClasses(!!error, 'h-9 cursor-pointer appearance-none pr-9 pl-3')}
        >
          {/* An empty choice only while nothing is chosen, so a required field can't be cleared. */}
          {current === '' && (
            <option value="" disabled={field.required}>
              Choose…
            </option>
          )}
          {/* A value from an older version of the node stays visible instead of silently changing. */}
          {current !== '' && !known && <option value={current}>{current} (no longer offered)</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon size={16} className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-subtle" />
      </div>
    </FieldShell>
  );
}
