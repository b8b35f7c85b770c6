import { useId } from 'react';

interface ConsentSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?(checked: boolean): void;
}

/** One consent category: a native checkbox with role="switch", styled as a toggle. */
export function ConsentSwitch({ label, description, checked, disabled = false, onChange }: ConsentSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
          {disabled && <span className="ml-2 rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-muted">Always on</span>}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-xs leading-relaxed text-muted">
          {description}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange?.(event.target.checked)}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-line transition-colors checked:bg-brand disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
