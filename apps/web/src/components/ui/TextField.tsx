import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string | null;
  /** Shown at the end of the label row, outside the label (e.g. "Optional", a link). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses =
  'h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs placeholder:text-subtle outline-none transition focus:border-brand focus:ring-3 focus:ring-brand/20 focus-visible:outline-none disabled:opacity-60 read-only:bg-surface-2 read-only:text-muted';

export function TextField({ label, hint, error, labelAside, className = '', id, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={inputId}
        className={`${inputClasses} ${error ? 'border-danger focus:border-danger focus:ring-danger/20' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
