import type { BackfillScheduleInput, Schedule } from '@weft/core';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useNow } from '../../hooks/useNow';
import { useRefusableAction } from '../../hooks/useRefusableAction';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { controlClasses } from '../ui/control-styles';
import { DialogHeading } from '../ui/DialogHeading';
import { HistoryIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { type BackfillDraft, type BackfillField, checkBackfill, newBackfillDraft } from './backfill-form';
import { Field } from './FormField';
import { OverlapChoice } from './OverlapChoice';
import { runs } from './schedule-policies';
import { describeTiming, scheduleTitle } from './schedule-text';

interface BackfillDialogProps {
  schedule: Schedule;
  /** Sends the backfill; resolves to the server's refusal in words, or null once it is queued. */
  onBackfill(input: BackfillScheduleInput): Promise<string | null>;
  onClose(): void;
}

/**
 * Backfill: run the schedule's times in a past range (say, the hours Weft was down), with
 * an overlap policy of their own. The range is typed in the schedule's zone, and the dialog
 * says which and how many runs the range holds before anything is sent.
 */
export function BackfillDialog({ schedule, onBackfill, onClose }: BackfillDialogProps) {
  const id = useId();
  const from = useRef<HTMLInputElement>(null);
  const now = useNow(30_000);
  const [draft, setDraft] = useState<BackfillDraft>(() => newBackfillDraft(schedule, new Date()));
  const [showAll, setShowAll] = useState(false);
  const { saving, error, setError, send } = useRefusableAction(onBackfill, onClose);
  const check = useMemo(() => checkBackfill(schedule, draft, now), [schedule, draft, now]);
  const issue = (field: BackfillField) => (!check.ok && (showAll || draft[field]) ? check.issues[field] : undefined);
  const zone = schedule.timezone.replaceAll('_', ' ');
  const title = scheduleTitle(schedule);
  const timing = describeTiming(schedule);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowAll(true);
    setError(null);
    if (!check.ok) return;
    await send(check.input);
  };

  const dateInput = (field: BackfillField) => ({
    id: `${id}-${field}`,
    type: 'datetime-local',
    value: draft[field],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value })),
    'aria-invalid': issue(field) ? true : undefined,
    'aria-describedby': `${id}-${field}-note`,
    className: controlClasses(!!issue(field), 'h-9 px-2.5 tabular-nums'),
  });

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-description`} onClose={onClose} initialFocusRef={from}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Backfill">
        <DialogHeading
          icon={<HistoryIcon size={20} />}
          tone="brand"
          title="Backfill"
          titleId={`${id}-title`}
          description={`Run “${title}”${title === timing ? '' : ` (${timing})`} for each of its times in a past range. Times that already ran are not run again.`}
          descriptionId={`${id}-description`}
        />
        <div className="mt-5">
          {/* One above the other: side by side, a datetime field is narrower than its value. */}
          <div className="grid gap-3">
            <Field label="From" htmlFor={`${id}-from`} error={issue('from')}>
              <input ref={from} {...dateInput('from')} />
            </Field>
            <Field label="To" htmlFor={`${id}-to`} error={issue('to')}>
              <input {...dateInput('to')} />
            </Field>
          </div>
          <p className="mt-2 text-xs leading-5 text-muted" data-testid="backfill-summary">
            Times in {zone}, the schedule’s zone; both ends included.
            {check.ok && ` This range holds ${check.exact ? '' : 'about '}${runs(check.count)}.`}
          </p>
          <div className="mt-4">
            <OverlapChoice
              legend="If a run is still going when the next one is due"
              name={`${id}-overlap`}
              value={draft.overlapPolicy}
              onChange={(overlapPolicy) => setDraft((d) => ({ ...d, overlapPolicy }))}
            />
          </div>
          {error && (
            <div className="mt-3">
              <Alert tone="error">{error}</Alert>
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {check.ok ? `Queue ${check.exact ? '' : 'about '}${runs(check.count)}` : 'Queue runs'}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
