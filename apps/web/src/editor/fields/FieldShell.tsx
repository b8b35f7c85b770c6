import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../../components/ui/icons';

export interface FieldShellProps {
  /** Id of the control, so the label names it. */
  id: string;
  label: string;
  required?: boolean;
  /** Help under the label, from the field's definition. */
  description?: string;
  /** Shown under the control in red; the control should set `aria-invalid`. */
  error?: string | null;
  /** Quieter help under the control (ranges, how a value is stored). */
  hint?: ReactNode;
  /** At the end of the label row (e.g. a Format button). */
  aside?: ReactNode;
  /** Under everything else (e.g. the prompt's insert chips), so messages stay next to the control. */
  footer?: ReactNode;
  children: ReactNode;
}

/** Ids a control passes to `aria-describedby` so screen readers read the help and error. */
export function describedBy(id: string, parts: { description?: string; error?: string | null; hint?: ReactNode }): string | undefined {
  const ids = [parts.description && `${id}-description`, parts.error && `${id}-error`, parts.hint && `${id}-hint`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, required marker, description, control, error and hint: the frame of every field. */
export function FieldShell({ id, label, required, description, error, hint, aside, footer, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5" data-field={id}>
      <div className="flex min-h-5 items-end justify-between gap-2">
        <label htmlFor={id} className="text-[13px] leading-5 font-medium text-ink">
          {label}
          {required && (
            <>
              <span aria-hidden="true" className="ml-0.5 text-danger">
                *
              </span>
              <span className="sr-only"> (required)</span>
            </>
          )}
        </label>
        {aside}
      </div>
      {description && (
        <p id={`${id}-description`} className="-mt-1 text-xs leading-5 text-muted">
          {description}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-xs leading-5 text-danger">
          <AlertCircleIcon size={13} className="mt-[3px] shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <div id={`${id}-hint`} className="text-xs leading-5 text-subtle">
          {hint}
        </div>
      )}
      {footer}
    </div>
  );
}
