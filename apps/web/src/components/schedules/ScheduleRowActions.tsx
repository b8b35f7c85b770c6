import type { Schedule } from '@weft/core';
import { type ReactNode, useState } from 'react';
import { IconButton } from '../ui/IconButton';
import { HistoryIcon, PauseIcon, PlayIcon, TrashIcon, ZapIcon } from '../ui/icons';
import { BackfillDialog } from './BackfillDialog';
import { PauseDialog } from './PauseDialog';
import { scheduleTitle } from './schedule-text';
import { useScheduleActions } from './useScheduleActions';

interface ScheduleRowActionsProps {
  schedule: Schedule;
  /** The edit control: a button in the editor's dialog, a link to the editor on the dashboard. */
  edit: ReactNode;
}

/**
 * A schedule's actions in a list (the editor's Schedule dialog and the dashboard's
 * Schedules tab): pause (asking for a note) or resume, run now, backfill…, edit, delete.
 */
export function ScheduleRowActions({ schedule, edit }: ScheduleRowActionsProps) {
  const actions = useScheduleActions();
  const [dialog, setDialog] = useState<'pause' | 'backfill' | null>(null);
  const title = scheduleTitle(schedule);
  const busy = actions.busyId === schedule.id;
  const close = () => setDialog(null);
  return (
    <div className="flex items-center justify-end gap-1">
      {schedule.enabled ? (
        <IconButton label={`Pause ${title}`} onClick={() => setDialog('pause')} disabled={busy}>
          <PauseIcon size={16} />
        </IconButton>
      ) : (
        <IconButton label={`Resume ${title}`} onClick={() => void actions.resume(schedule)} disabled={busy}>
          <PlayIcon size={14} />
        </IconButton>
      )}
      <IconButton label={`Run ${title} now`} title="Run now" onClick={() => void actions.trigger(schedule)} disabled={busy}>
        <ZapIcon size={15} />
      </IconButton>
      <IconButton label={`Backfill ${title}…`} title="Backfill: run the times of a past range" onClick={() => setDialog('backfill')} disabled={busy}>
        <HistoryIcon size={16} />
      </IconButton>
      {edit}
      <IconButton label={`Delete ${title}`} danger onClick={() => void actions.remove(schedule)} disabled={busy}>
        <TrashIcon size={16} />
      </IconButton>
      {dialog === 'pause' && <PauseDialog schedule={schedule} onPause={(note) => actions.pause(schedule, note)} onClose={close} />}
      {dialog === 'backfill' && <BackfillDialog schedule={schedule} onBackfill={(input) => actions.backfill(schedule, input)} onClose={close} />}
    </div>
  );
}
