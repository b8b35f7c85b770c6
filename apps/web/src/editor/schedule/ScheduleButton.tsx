import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarClockIcon } from '../../components/ui/icons';
import { TOOL_LABEL, toolClasses } from '../toolbar/tool-look';
import type { ScheduleView } from './ScheduleDialog';

// Fetched on first open: the cron parser and its wording are not needed to edit a workflow.
const ScheduleDialog = lazy(() => import('./ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })));

/**
 * The editor toolbar's Schedule button and its dialog. `?schedule=<id>` (the dashboard's
 * Schedules tab links here) opens the dialog on that schedule's form, `?schedule=new` on a
 * new one; the parameter is dropped once read, so a reload does not reopen it.
 */
export function ScheduleButton() {
  const [view, setView] = useState<ScheduleView | null>(null);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('schedule');
  useEffect(() => {
    if (!requested) return;
    setView(requested === 'new' ? { kind: 'new' } : requested === 'list' ? { kind: 'list' } : { kind: 'edit', scheduleId: requested });
    setSearch(
      (params) => {
        params.delete('schedule');
        return params;
      },
      { replace: true },
    );
  }, [requested, setSearch]);
  return (
    <>
      <button
        type="button"
        aria-label="Schedule"
        title="Schedule: run this workflow by itself"
        aria-haspopup="dialog"
        onClick={() => setView({ kind: 'list' })}
        className={toolClasses()}
      >
        <CalendarClockIcon />
        <span className={TOOL_LABEL}>Schedule</span>
      </button>
      {view && (
        <Suspense fallback={null}>
          <ScheduleDialog initialView={view} onClose={() => setView(null)} />
        </Suspense>
      )}
    </>
  );
}
