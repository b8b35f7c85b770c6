import type { Schedule } from '@weft/core';
import { useSchedules } from '../../api/schedules';
import { useEditorStore } from '../store/editor.store';

/**
 * A schedule created paused and not touched since, which has never run: what "Use template"
 * makes for a template that runs by itself (paused until the user has provided what is
 * missing). One the user paused, edited or ran is their own choice, and is left alone.
 */
export function waitsToBeTurnedOn(schedule: Schedule): boolean {
  return !schedule.enabled && schedule.lastRun === null && schedule.updatedAt === schedule.createdAt;
}

/**
 * The open workflow's schedule that waits to be turned on, if any. Reads the workflow's
 * schedules from the query cache (the Schedule dialog reads the same list, so turning it on
 * there or here shows in both); a failed load shows nothing here.
 */
export function useWaitingSchedule(): Schedule | undefined {
  const workflowId = useEditorStore((s) => s.workflowId);
  const { data: schedules } = useSchedules(workflowId, { enabled: workflowId !== null });
  if (!workflowId) return undefined;
  return schedules?.find((schedule) => schedule.workflowId === workflowId && waitsToBeTurnedOn(schedule));
}
