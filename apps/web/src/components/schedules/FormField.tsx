import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../ui/icons';
import { SelectControl, type SelectControlProps } from '../ui/SelectControl';

/**
 * A label over a control, with its problem (red) or a hint under it, tied by `<id>-note`:
 * the schedule form's and the backfill dialog's fields.
 */
export function Field({ label, htmlFor, error, hint, children }: { label: string; htmlFor: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      <FieldNote id={`${htmlFor}-note`} error={error} hint={hint} />
    </div>
  );
}

/** The line under a control: its problem in red, else its hint. */
export function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id} className="flex items-start gap-1.5 text-xs leading-5 text-danger">
        <AlertCircleIcon size={13} className="mt-[3px] shrink-0" />
        <span>{error}</span>
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={id} className="text-xs leading-5 text-muted">
      {hint}
    </p>
  );
}

/** The form's selects hand over the chosen value. */
export function Select({ onChange, ...rest }: Omit<SelectControlProps, 'onChange'> & { onChange(value: string): void }) {
  return <SelectControl {...rest} onChange={(e) => onChange(e.target.value)} />;
}
