import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../../components/ui/icons';

/** What every control of the dialog needs to show and report its problem. */
export interface FieldErrors {
  /** The message for an API path ("inputs.0.id"), once the user has touched it or tried to save. */
  error(path: string): string | undefined;
  /** The first shown message at or under a path ("config.0.options" takes "config.0.options.2.value"). */
  errorUnder(prefix: string): string | undefined;
  /** Marks a path as visited, so its problem shows from now on. */
  touch(path: string): void;
  /** The control id for a path (unique per dialog). */
  idFor(path: string): string;
}

/** Props for a control bound to one path: id, invalid state and its error text for screen readers. */
export function controlProps(errors: FieldErrors, path: string, message = errors.error(path)) {
  const id = errors.idFor(path);
  return {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-error` : undefined,
    onBlur: () => errors.touch(path),
  } as const;
}

export function ErrorText({ errors, path, message }: { errors: FieldErrors; path: string; message?: string }) {
  const text = message ?? errors.error(path);
  if (!text) return null;
  return (
    <p id={`${errors.idFor(path)}-error`} className="flex items-start gap-1.5 text-xs leading-5 text-danger">
      <AlertCircleIcon size={13} className="mt-[3px] shrink-0" />
      <span>{text}</span>
    </p>
  );
}

/** A section of the dialog: heading, a line of help, its rows and an add button. */
export function FormSection({ title, help, action, children }: { title: string; help?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="border-t border-line px-5 py-4 first:border-t-0">
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-ink">{title}</h3>
          {help && <p className="mt-0.5 text-xs leading-5 text-muted">{help}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A checkbox with its label beside it, sized by `className` (height, gap, text) to sit in a row of controls. */
export function InlineCheckbox({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  className: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex cursor-pointer items-center text-muted select-none ${className}`}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 cursor-pointer rounded border-line accent-brand"
      />
      {children}
    </label>
  );
}
