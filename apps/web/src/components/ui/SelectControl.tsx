import type { ReactNode, SelectHTMLAttributes } from 'react';
import { controlClasses } from './control-styles';
import { ChevronDownIcon } from './icons';

export interface SelectControlProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  /** The roomier padding of a field on its own (node settings, filters); compact sits in a row of controls. */
  roomy?: boolean;
  /** The wrapper's classes (its width); the select fills it. */
  className?: string;
  children: ReactNode;
}

/**
 * A native select (keyboard and screen readers for free) in the dense control look, with our
 * chevron instead of each browser's own arrow. Not the text field's classes: those grey out
 * :read-only fields, and a <select> always matches :read-only.
 */
export function SelectControl({ invalid, roomy, className = '', children, ...rest }: SelectControlProps) {
  return (
    <div className={`relative ${className}`}>
      <select {...rest} className={controlClasses(!!invalid, `h-9 cursor-pointer appearance-none ${roomy ? 'pr-9 pl-3' : 'pr-8 pl-2.5'}`)}>
        {children}
      </select>
      <ChevronDownIcon
        size={roomy ? 16 : 14}
        className={`pointer-events-none absolute top-1/2 ${roomy ? 'right-3' : 'right-2.5'} -translate-y-1/2 text-subtle`}
      />
    </div>
  );
}

/** The `<option>`s of a list of choices, each shown by its label. */
export function OptionList({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
