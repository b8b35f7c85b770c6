import type { Schedule } from '@weft/core';
import { useState } from 'react';
import { useScheduleChanges } from '../../api/schedules';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { describeTiming } from './schedule-text';

/** A schedule's name as the user reads it: its own, else when it fires. */
export function scheduleTitle(schedule: Schedule): string {
  return schedule.name || describeTiming(schedule);
}

/**
 * Pause, resume and delete with their toasts and the delete confirmation. The lists change
 * only after the server agreed; a failure shows the server's words (SPEC.md §8).
 */
export function useScheduleActions() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const run = async (schedule: Schedule, action: () => Promise<unknown>, done: string) => {
    setBusyId(schedule.id);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusyId(null);
    }
  };
  const changes = useScheduleChanges();
  return {
    busyId,
    togglePaused: (schedule: Schedule) =>
      schedule.enabled
        ? run(schedule, () => changes.pause(schedule.id), `Paused “${scheduleTitle(schedule)}”. It will not run until you resume it.`)
        : run(schedule, () => changes.resume(schedule.id), `Resumed “${scheduleTitle(schedule)}”.`),
    /** The first start of a schedule created paused (a template's): "resumed" would read wrong. */
    turnOn: (schedule: Schedule) =>
      run(schedule, () => changes.resume(schedule.id), `Turned on “${scheduleTitle(schedule)}”: it runs this workflow by itself from now on.`),
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
