import type { BackfillScheduleInput, Schedule } from '@weft/core';
import { useState } from 'react';
import { useScheduleChanges } from '../../api/schedules';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { backfillNotice, type Notice, triggerNotice } from './schedule-results';
import { scheduleTitle } from './schedule-text';

const show = (notice: Notice) => toast[notice.type](notice.message, undefined, notice.link);

/**
 * Pause (with its note), resume, delete, run now and backfill, with their toasts and the
 * delete confirmation. The lists change only after the server agreed; a failure shows the
 * server's words (SPEC.md §8): in a toast, or back to the dialog that asked (`pause`,
 * `backfill` resolve to the refusal, null when done).
 */
export function useScheduleActions() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const changes = useScheduleChanges();
  /** Runs `action` for the schedule; its failure's words, or null. */
  const attempt = async <T>(schedule: Schedule, action: () => Promise<T>, done: (result: T) => void): Promise<string | null> => {
    setBusyId(schedule.id);
    try {
      done(await action());
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      setBusyId(null);
    }
  };
  const run = async (schedule: Schedule, action: () => Promise<unknown>, done: string) => {
    const refusal = await attempt(schedule, action, () => toast.success(done));
    if (refusal) toast.error(refusal);
  };
  return {
    busyId,
    pause: (schedule: Schedule, note = '') =>
      attempt(
        schedule,
        () => changes.pause(schedule.id, note),
        () => toast.success(`Paused “${scheduleTitle(schedule)}”. It will not run until you resume it.`),
      ),
    resume: (schedule: Schedule) => run(schedule, () => changes.resume(schedule.id), `Resumed “${scheduleTitle(schedule)}”.`),
    /** The first start of a schedule created paused (a template's): "resumed" would read wrong. */
    turnOn: (schedule: Schedule) =>
      run(schedule, () => changes.resume(schedule.id), `Turned on “${scheduleTitle(schedule)}”: it runs this workflow by itself from now on.`),
    /** "Run now": the toast says whether it started (with a link to the run), waits, or was skipped and why. */
    trigger: async (schedule: Schedule) => {
      const refusal = await attempt(
        schedule,
        () => changes.trigger(schedule.id),
        (result) => show(triggerNotice(schedule, result)),
      );
      if (refusal) toast.error(refusal);
    },
    backfill: (schedule: Schedule, input: BackfillScheduleInput) =>
      attempt(
        schedule,
        () => changes.backfill(schedule.id, input),
        (result) => show(backfillNotice(result)),
      ),
    remove: async (schedule: Schedule) => {
      const confirmed = await confirmDialog({
        title: 'Delete this schedule?',
        message: `“${scheduleTitle(schedule)}” stops running ${schedule.workflowName ? `“${schedule.workflowName}”` : 'its workflow'}. Past runs stay in the history.`,
        confirmLabel: 'Delete schedule',
        danger: true,
      });
      if (confirmed) await run(schedule, () => changes.remove(schedule.id), 'Schedule deleted');
    },
  };
}
