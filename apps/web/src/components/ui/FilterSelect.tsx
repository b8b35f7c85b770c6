import { type ChangeEvent, type ReactNode, useId } from 'react';
import { SelectControl } from './SelectControl';

/**
 * One filter above a list (the Executions and Schedules tabs): a label over a roomy native
 * select, in a row of them.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLSelectElement>): void;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex max-w-64 min-w-40 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <SelectControl roomy id={id} value={value} onChange={onChange} data-testid={testId}>
        {children}
      </SelectControl>
    </div>
  );
}
