import type { OverlapPolicy } from '@weft/core';
import { useId } from 'react';
import { OVERLAP_CHOICES } from './schedule-policies';

interface OverlapChoiceProps {
  legend: string;
  /** The radios' shared name (one group per form). */
  name: string;
  value: OverlapPolicy;
  onChange(value: OverlapPolicy): void;
}

/**
 * The five overlap policies as native radios (arrow keys move between them), each with its
 * line of help; the schedule form and the backfill dialog use it.
 */
export function OverlapChoice({ legend, name, value, onChange }: OverlapChoiceProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-2 divide-y divide-line overflow-hidden rounded-lg border border-line">
        {OVERLAP_CHOICES.map((choice) => {
          const checked = value === choice.value;
          return (
            <label
              key={choice.value}
              className={`flex cursor-pointer items-baseline gap-3 px-3 py-2 text-sm transition-colors has-focus-visible:bg-brand-soft/60 ${
                checked ? 'bg-brand-soft/70' : 'hover:bg-surface-2/60'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                // Named by its label alone; the help is its description.
                aria-label={choice.label}
                aria-describedby={`${id}-${choice.value}`}
                className="relative top-0.5 size-4 shrink-0 accent-brand"
              />
              <span className={`w-24 shrink-0 ${checked ? 'font-medium text-ink' : 'text-ink'}`}>{choice.label}</span>
              <span id={`${id}-${choice.value}`} className="min-w-0 text-xs leading-5 text-muted">
                {choice.help}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
