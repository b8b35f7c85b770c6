import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A native checkbox (so forms and tests treat it as one) dressed in the app's colours. */
export function Checkbox({ label, id, className = '', ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`flex items-start gap-2.5 ${className}`}>
      <input id={inputId} type="checkbox" className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-line accent-brand" {...rest} />
      <label htmlFor={inputId} className="cursor-pointer text-sm leading-5 text-muted select-none">
        {label}
      </label>
    </div>
  );
}
