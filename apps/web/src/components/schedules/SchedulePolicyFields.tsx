import type { CatchUpPolicy } from '@weft/core';
import { type ChangeEvent, useId } from 'react';
import { controlClasses } from '../ui/control-styles';
import { ChevronDownIcon } from '../ui/icons';
import { OptionList } from '../ui/SelectControl';
import { Field, FieldNote, Select } from './FormField';
import { OverlapChoice } from './OverlapChoice';
import type { DraftField, ScheduleDraft } from './schedule-form';
import { CATCH_UP_CHOICES, describePolicies } from './schedule-policies';
import { INTERVAL_UNITS, type IntervalUnit } from './schedule-text';

interface SchedulePolicyFieldsProps {
  draft: ScheduleDraft;
  set<K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]): void;
  /** The problems to show, by field. */
  issues: Partial<Record<DraftField, string>>;
  open: boolean;
  onToggle(): void;
}

/**
 * The form's "When runs collide or are missed" section, folded by default so the simple
 * path stays simple: the overlap policy (Temporal's five), what happens to missed runs and
 * how late counts as missed, pausing after failed runs, and jitter. Folded, it says in a
 * line what is set besides the defaults.
 */
export function SchedulePolicyFields({ draft, set, issues, open, onToggle }: SchedulePolicyFieldsProps) {
  const id = useId();
  const summary = describePolicies({
    ...draft,
    catchUpWindowSeconds: draft.catchUpWindowMode === 'custom' ? windowSeconds(draft) : null,
    pauseAfterFailures: Number(draft.pauseAfterFailures) || 0,
    jitterSeconds: Number(draft.jitterSeconds) || 0,
  });
  const numberInput = (field: DraftField, key: 'catchUpWindowValue' | 'pauseAfterFailures' | 'jitterSeconds', width: string) => ({
    id: `${id}-${field}`,
    type: 'number',
    min: 0,
    step: 1,
    inputMode: 'numeric' as const,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    'aria-invalid': issues[field] ? true : undefined,
    'aria-describedby': `${id}-${field}-note`,
    // A max width: the control look's own w-full would win over a fixed one.
    className: controlClasses(!!issues[field], `h-9 px-2.5 tabular-nums ${width}`),
  });

  return (
    <section className="rounded-lg border border-line">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left outline-none transition-colors hover:bg-surface-2/60 focus-visible:ring-3 focus-visible:ring-brand/20"
        >
          <ChevronDownIcon size={15} className={`shrink-0 text-subtle transition-transform ${open ? '' : '-rotate-90'}`} />
          <span className="shrink-0 text-sm font-medium text-ink">When runs collide or are missed</span>
          <span className="ml-auto min-w-0 truncate pl-3 text-xs text-muted">{summary || 'Defaults'}</span>
        </button>
      </h3>
      {open && (
        <div id={`${id}-body`} className="space-y-5 border-t border-line px-4 pt-4 pb-5">
          <OverlapChoice
            legend="If the previous run is still going"
            name={`${id}-overlap`}
            value={draft.overlapPolicy}
            onChange={(value) => set('overlapPolicy', value)}
          />
          <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
            <Field label="Missed runs" htmlFor={`${id}-catchup`} hint={CATCH_UP_CHOICES.find((c) => c.value === draft.catchUpPolicy)?.help}>
              <Select id={`${id}-catchup`} value={draft.catchUpPolicy} onChange={(value) => set('catchUpPolicy', value as CatchUpPolicy)}>
                <OptionList options={CATCH_UP_CHOICES} />
              </Select>
            </Field>
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={`${id}-windowMode`} className="text-sm font-medium text-ink">
                Catch-up window
              </label>
              <div className="flex gap-2">
                <Select
                  id={`${id}-windowMode`}
                  value={draft.catchUpWindowMode}
                  onChange={(value) => set('catchUpWindowMode', value as ScheduleDraft['catchUpWindowMode'])}
                  aria-describedby={`${id}-catchUpWindow-note`}
                  className={draft.catchUpWindowMode === 'custom' ? 'w-24 shrink-0' : 'w-full'}
                >
                  <option value="default">Default</option>
                  <option value="custom">Custom</option>
                </Select>
                {draft.catchUpWindowMode === 'custom' && (
                  <>
                    <input {...numberInput('catchUpWindow', 'catchUpWindowValue', 'max-w-16 shrink-0')} aria-label="Catch-up window length" />
                    <Select
                      aria-label="Catch-up window unit"
                      value={draft.catchUpWindowUnit}
                      onChange={(value) => set('catchUpWindowUnit', value as IntervalUnit)}
                      className="min-w-0 flex-1"
                    >
                      {INTERVAL_UNITS.map((u) => (
                        <option key={u.unit} value={u.unit}>
                          {u.unit}
                        </option>
                      ))}
                    </Select>
                  </>
                )}
              </div>
              <FieldNote
                id={`${id}-catchUpWindow-note`}
                error={issues.catchUpWindow}
                hint={
                  draft.catchUpWindowMode === 'default'
                    ? 'A run found later than the server’s window (WEFT_SCHEDULE_GRACE_SECONDS, 60 s unless set) is missed.'
                    : 'A run found later than this (Weft off, the schedule paused) is missed; within it, it still runs.'
                }
              />
            </div>
            <Field label="Pause after" htmlFor={`${id}-pauseAfterFailures`} error={issues.pauseAfterFailures} hint="It pauses itself and says why. 0: never.">
              <span className="flex items-center gap-2">
                <input {...numberInput('pauseAfterFailures', 'pauseAfterFailures', 'max-w-24')} max={100} />
                <span className="text-sm text-muted">failed runs in a row</span>
              </span>
            </Field>
            <Field label="Jitter" htmlFor={`${id}-jitter`} error={issues.jitter} hint="Each run starts up to this much after its time, to spread load.">
              <span className="flex items-center gap-2">
                <input {...numberInput('jitter', 'jitterSeconds', 'max-w-24')} max={3600} />
                <span className="text-sm text-muted">seconds</span>
              </span>
            </Field>
          </div>
        </div>
      )}
    </section>
  );
}

/** The custom window in seconds, or null while it is not a whole number. */
function windowSeconds(draft: ScheduleDraft): number | null {
  const value = Number(draft.catchUpWindowValue);
  const unit = INTERVAL_UNITS.find((u) => u.unit === draft.catchUpWindowUnit)?.seconds ?? 1;
  return Number.isInteger(value) && value >= 0 && draft.catchUpWindowValue.trim() !== '' ? value * unit : null;
}
