import { type ChangeEvent, type FormEvent, useId, useMemo, useState } from 'react';
import { useNow } from '../../hooks/useNow';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { controlClasses } from '../ui/control-styles';
import { TextField } from '../ui/TextField';
import { Field, Select } from './FormField';
import { SchedulePolicyFields } from './SchedulePolicyFields';
import { type DraftField, draftIssues, hasCustomPolicies, POLICY_FIELDS, previewRuns, type ScheduleDraft, timingIssues } from './schedule-form';
import { CRON_PRESETS, describeCron, formatInstant, INTERVAL_UNITS, type IntervalUnit, needsSeconds, timeZoneOptions } from './schedule-text';
import { TimeZoneField } from './TimeZoneField';

/** A Text Input that asks for its value on run: the schedule gives that value. */
export interface AskedInput {
  nodeId: string;
  label: string;
  initial: string;
}

const KINDS: { value: ScheduleDraft['kind']; label: string }[] = [
  { value: 'cron', label: 'On a schedule' },
  { value: 'interval', label: 'Every…' },
  { value: 'once', label: 'Once' },
];

interface ScheduleFormProps {
  initial: ScheduleDraft;
  askedInputs: AskedInput[];
  /** The next runs the server gave for the unchanged schedule (it knows an interval's anchor). */
  storedNextRuns?: string[];
  submitLabel: string;
  /** The server's answer to the last save, shown above the buttons. */
  serverError: string | null;
  onSubmit(draft: ScheduleDraft): Promise<void>;
  onCancel(): void;
}

/** Create or edit one schedule: when it runs, in which zone, what it sends, and its policies. */
export function ScheduleForm({ initial, askedInputs, storedNextRuns, submitLabel, serverError, onSubmit, onCancel }: ScheduleFormProps) {
  const [draft, setDraft] = useState<ScheduleDraft>(() => ({
    ...initial,
    inputs: Object.fromEntries(askedInputs.map((input) => [input.nodeId, initial.inputs[input.nodeId] ?? input.initial])),
  }));
  const [showAll, setShowAll] = useState(false);
  const [policiesOpen, setPoliciesOpen] = useState(() => hasCustomPolicies(initial));
  const [saving, setSaving] = useState(false);
  const now = useNow(30_000);
  const id = useId();
  const issues = useMemo(() => draftIssues(draft, now), [draft, now]);
  const unchangedTiming =
    draft.kind === initial.kind &&
    draft.cron === initial.cron &&
    draft.intervalValue === initial.intervalValue &&
    draft.intervalUnit === initial.intervalUnit &&
    draft.runAt === initial.runAt &&
    draft.timezone === initial.timezone;
  const upcoming = useMemo(
    () => (unchangedTiming && storedNextRuns?.length ? storedNextRuns : previewRuns(draft, now)),
    [draft, now, unchangedTiming, storedNextRuns],
  );
  const withSeconds = needsSeconds(upcoming);
  const zones = useMemo(() => timeZoneOptions(draft.timezone), [draft.timezone]);
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const shown = (field: DraftField) => (showAll || field !== 'runAt' || draft.runAt ? issues[field] : undefined);
  /** A typed-in timing's wiring: its draft value, and its problem marked and tied to the note under it. */
  const timingInput = (field: DraftField, key: 'cron' | 'intervalValue' | 'runAt', look: string) => ({
    id: `${id}-${field}`,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': `${id}-${field}-note`,
    className: controlClasses(!!shown(field), `h-9 px-2.5 ${look}`),
  });
  const preset = CRON_PRESETS.find((p) => p.cron === draft.cron.trim());
  const cronWords = draft.kind === 'cron' && !issues.cron ? describeCron(draft.cron) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowAll(true);
    // A problem inside the folded section must not stop the save unseen.
    if (POLICY_FIELDS.some((field) => issues[field])) setPoliciesOpen(true);
    if (Object.keys(issues).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(draft);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Schedule" className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-6 pb-5">
        <TextField
          label="Name"
          labelAside={<span className="text-xs text-subtle">Optional</span>}
          placeholder="e.g. Weekday mornings"
          value={draft.name}
          maxLength={200}
          onChange={(e) => set('name', e.target.value)}
          error={issues.name}
        />

        <fieldset>
          <legend className="text-sm font-medium text-ink">Runs</legend>
          <div className="mt-2 inline-flex rounded-lg border border-line bg-surface-2 p-0.5" role="radiogroup" aria-label="How it runs">
            {KINDS.map((kind) => (
              <label
                key={kind.value}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm transition-colors has-focus-visible:ring-3 has-focus-visible:ring-brand/20 ${
                  draft.kind === kind.value ? 'bg-surface font-medium text-ink shadow-xs' : 'text-muted hover:text-ink'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind.value}
                  checked={draft.kind === kind.value}
                  onChange={() => set('kind', kind.value)}
                  className="sr-only"
                />
                {kind.label}
              </label>
            ))}
          </div>
        </fieldset>

        {draft.kind === 'cron' && (
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <Field label="Preset" htmlFor={`${id}-preset`}>
              <Select
                id={`${id}-preset`}
                value={preset?.cron ?? 'custom'}
                onChange={(value) => {
                  if (value !== 'custom') set('cron', value);
                }}
              >
                {CRON_PRESETS.map((p) => (
                  <option key={p.cron} value={p.cron}>
                    {p.label}
                  </option>
                ))}
                <option value="custom">Custom</option>
              </Select>
            </Field>
            <Field
              label="Cron expression"
              htmlFor={`${id}-cron`}
              error={shown('cron')}
              hint={cronWords ?? 'minute hour day month weekday; 6 fields start with seconds'}
            >
              <input {...timingInput('cron', 'cron', 'font-mono')} spellCheck={false} autoComplete="off" />
            </Field>
          </div>
        )}

        {draft.kind === 'interval' && (
          <Field label="Every" htmlFor={`${id}-interval`} error={shown('interval')}>
            <div className="flex gap-2">
              <input {...timingInput('interval', 'intervalValue', 'w-28')} type="number" min={1} step={1} inputMode="numeric" />
              <Select aria-label="Unit" value={draft.intervalUnit} onChange={(value) => set('intervalUnit', value as IntervalUnit)} className="w-36">
                {INTERVAL_UNITS.map((u) => (
                  <option key={u.unit} value={u.unit}>
                    {u.unit}
                  </option>
                ))}
              </Select>
            </div>
          </Field>
        )}

        {draft.kind === 'once' && (
          <Field label="Date and time" htmlFor={`${id}-runAt`} error={shown('runAt')} hint={`In ${draft.timezone}`}>
            <input {...timingInput('runAt', 'runAt', 'w-64')} type="datetime-local" />
          </Field>
        )}

        <Field
          label="Time zone"
          htmlFor={`${id}-zone`}
          error={issues.timezone}
          hint="Times of day and dates are read in this zone, with its daylight saving changes."
        >
          <TimeZoneField
            id={`${id}-zone`}
            value={draft.timezone}
            zones={zones}
            onChange={(value) => set('timezone', value)}
            describedBy={`${id}-zone-note`}
            invalid={!!issues.timezone}
          />
        </Field>

        <section aria-labelledby={`${id}-next`} className="rounded-lg border border-line bg-surface-2/50 px-4 py-3">
          <h3 id={`${id}-next`} className="text-xs font-medium tracking-wide text-muted uppercase">
            Next runs
          </h3>
          {upcoming.length > 0 ? (
            <ol className="mt-2 space-y-1 text-sm text-ink tabular-nums" data-testid="schedule-next-runs">
              {upcoming.map((iso) => (
                <li key={iso}>{formatInstant(iso, draft.timezone, true, withSeconds)}</li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-subtle">
              {Object.keys(timingIssues(draft, now)).length > 0 ? 'Fix the timing above to see when it runs.' : 'No more runs.'}
            </p>
          )}
        </section>

        {askedInputs.length > 0 && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-ink">Inputs</legend>
            <p className="-mt-1 text-xs text-muted">These Text Inputs ask for a value on each run; the schedule sends these.</p>
            {askedInputs.map((input) => (
              <TextField
                key={input.nodeId}
                label={input.label}
                value={draft.inputs[input.nodeId] ?? ''}
                onChange={(e) => set('inputs', { ...draft.inputs, [input.nodeId]: e.target.value })}
              />
            ))}
          </fieldset>
        )}

        <SchedulePolicyFields draft={draft} set={set} issues={issues} open={policiesOpen} onToggle={() => setPoliciesOpen((o) => !o)} />
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <div className="flex shrink-0 justify-end gap-2 border-t border-line px-6 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
