import type { BackfillScheduleResult, Schedule, TriggerScheduleResult } from '@weft/core';
import type { ToastLink, ToastType } from '../../stores/toast.store';
import { runs } from './schedule-policies';
import { scheduleTitle } from './schedule-text';

/** What a toast says after an action on a schedule. */
export interface Notice {
  type: ToastType;
  message: string;
  link?: ToastLink;
}

/** The editor on one run of the schedule's workflow. */
export function runLink(schedule: Pick<Schedule, 'workflowId'>, executionId: string): ToastLink {
  return { to: `/workflow/${encodeURIComponent(schedule.workflowId)}?execution=${encodeURIComponent(executionId)}`, label: 'Open the run' };
}

/** Drops the full stop a reason may end with, so the sentence around it has one. */
const clause = (reason: string | null) => reason?.trim().replace(/\.$/, '') ?? '';

/**
 * "Run now"'s answer in words: the run started (with a link to it), waits for the
 * previous one, was skipped and why, or could not start and why.
 */
export function triggerNotice(schedule: Schedule, result: TriggerScheduleResult): Notice {
  const title = `“${scheduleTitle(schedule)}”`;
  const { tick, executionId } = result;
  const link = executionId ? runLink(schedule, executionId) : undefined;
  switch (tick.outcome) {
    case 'started':
      return { type: 'success', message: `Started a run of ${title}.`, ...(link ? { link } : {}) };
    case 'pending':
      return { type: 'success', message: `A run of ${title} is about to start.`, ...(link ? { link } : {}) };
    case 'waiting':
      return { type: 'info', message: `The previous run of ${title} is still going: this one starts when it ends.` };
    case 'skipped':
      return { type: 'warning', message: `Not started: ${clause(tick.reason) || 'the previous run is still going'}.` };
    case 'missed':
    case 'failed':
      return { type: 'error', message: `The run could not start: ${clause(tick.reason) || 'no reason given'}.`, ...(link ? { link } : {}) };
  }
}

/** A backfill's answer: "3 runs queued, 1 already ran." */
export function backfillNotice(result: BackfillScheduleResult): Notice {
  if (result.instants === 0 && result.alreadyRan === 0) return { type: 'info', message: 'The schedule has no run times in that range: nothing queued.' };
  return { type: result.instants > 0 ? 'success' : 'info', message: `${runs(result.instants)} queued, ${result.alreadyRan} already ran.` };
}
