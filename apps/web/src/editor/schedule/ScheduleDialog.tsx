import type { Schedule } from '@weft/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SCHEDULE_PAGE_MAX, useScheduleChanges, useSchedules } from '../../api/schedules';
import { ScheduleForm } from '../../components/schedules/ScheduleForm';
import { ScheduleRowActions } from '../../components/schedules/ScheduleRowActions';
import { LastRun, NextRun, ScheduleProblem } from '../../components/schedules/ScheduleStatus';
import { draftFrom, draftToInput, newDraft, type ScheduleDraft } from '../../components/schedules/schedule-form';
import { describePolicies } from '../../components/schedules/schedule-policies';
import { browserTimeZone, describeTiming, formatInstant, needsSeconds, ownName, scheduleTitle } from '../../components/schedules/schedule-text';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { IconButton } from '../../components/ui/IconButton';
import { CalendarClockIcon, PencilIcon, PlusIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/Modal';
import { Skeleton } from '../../components/ui/Skeleton';
import { useNow } from '../../hooks/useNow';
import { toast } from '../../stores/toast.store';
import { askedInputs } from '../run/run-inputs';
import { useSetupNeeds } from '../setup/useSetupNeeds';
import { useEditorStore } from '../store/editor.store';

/** What the dialog shows: the list, the form for a new schedule, or the form for one of them. */
export type ScheduleView = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; scheduleId: string };

/** Editor → Schedule: the open workflow's schedules, and the form to add or change one. */
export function ScheduleDialog({ initialView, onClose }: { initialView: ScheduleView; onClose(): void }) {
  const titleId = useId();
  const workflowId = useEditorStore((s) => s.workflowId);
  const [view, setView] = useState<ScheduleView>(initialView);
  const heading = view.kind === 'new' ? 'New schedule' : view.kind === 'edit' ? 'Edit schedule' : 'Schedules';
  return (
    <Modal labelledBy={titleId} onClose={onClose} variant="panel">
      <div className="shrink-0 px-6 pt-6 pb-4">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          {heading}
        </h2>
        <p className="mt-1 text-sm leading-6 text-muted">
          {view.kind === 'list'
            ? 'Run this workflow by itself: on a cron schedule, every few minutes or hours, or once at a set time. Each run uses the last saved version.'
            : 'Pick when it runs; the next runs update as you type.'}
        </p>
      </div>
      {workflowId ? (
        <ScheduleContent workflowId={workflowId} view={view} setView={setView} onClose={onClose} />
      ) : (
        <>
          <div className="px-6 pb-6">
            <Alert tone="info">Save this workflow first: a schedule runs the saved workflow, so it needs one to point at.</Alert>
          </div>
          <DialogFooter onClose={onClose} />
        </>
      )}
    </Modal>
  );
}

function DialogFooter({ onClose, children }: { onClose(): void; children?: React.ReactNode }) {
  return (
    <div className="flex shrink-0 items-center justify-between gap-2 border-t border-line px-6 py-3">
      <div>{children}</div>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

function ScheduleContent({
  workflowId,
  view,
  setView,
  onClose,
}: {
  workflowId: string;
  view: ScheduleView;
  setView(view: ScheduleView): void;
  onClose(): void;
}) {
  const listing = view.kind === 'list';
  // Looks again now and then only while the list shows: a reload under an open form must not take its schedule away.
  const { data, isPending, error: loadError, refetch, isFetching } = useSchedules(workflowId, { refresh: listing });
  const schedules = data ?? [];
  const error = loadError?.message ?? null;
  const loaded = !isPending;
  const changes = useScheduleChanges();
  const [saveError, setSaveError] = useState<string | null>(null);
  const nodes = useEditorStore((s) => s.nodes);
  const asked = askedInputs(nodes.map((n) => ({ id: n.id, data: { type: n.data.type, label: n.data.label, config: n.data.config ?? {} } })));

  const editing = view.kind === 'edit' ? schedules.find((s) => s.id === view.scheduleId) : undefined;
  const backToList = () => {
    setSaveError(null);
    setView({ kind: 'list' });
  };

  if (view.kind !== 'list' && (view.kind === 'new' || editing)) {
    const save = async (draft: ScheduleDraft) => {
      setSaveError(null);
      try {
        const body = draftToInput(draft, new Date());
        if (editing) {
          await changes.update(editing.id, body);
          toast.success('Schedule saved');
        } else {
          const created = await changes.create({ workflowId, ...body });
          toast.success(created.nextRuns[0] ? `Scheduled. First run ${describeNext(created)}.` : 'Scheduled.');
        }
        backToList();
      } catch (failure) {
        setSaveError((failure as Error).message);
      }
    };
    return (
      <ScheduleForm
        key={editing?.id ?? 'new'}
        initial={editing ? draftFrom(editing) : newDraft(browserTimeZone())}
        askedInputs={asked}
        storedNextRuns={editing?.nextRuns}
        submitLabel={editing ? 'Save schedule' : 'Create schedule'}
        serverError={saveError}
        onSubmit={save}
        onCancel={backToList}
      />
    );
  }

  if (view.kind === 'edit' && loaded && !editing && !error) {
    // A link to a schedule that is gone (deleted elsewhere): show the list with a note.
    return (
      <>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-5">
          <Alert tone="warning">That schedule no longer exists. These are the workflow's schedules now.</Alert>
          <div className="mt-4">
            <ScheduleList schedules={schedules} onEdit={(id) => setView({ kind: 'edit', scheduleId: id })} />
          </div>
        </div>
        <DialogFooter onClose={onClose} />
      </>
    );
  }

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-5">
        {!loaded ? (
          <div role="status" aria-label="Loading schedules" className="space-y-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : error && schedules.length === 0 ? (
          <ErrorState title="Couldn't load the schedules" message={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : schedules.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-line px-6 py-10 text-center">
            <CalendarClockIcon size={28} className="text-subtle" />
            <p className="mt-3 text-sm font-medium text-ink">No schedules yet</p>
            <p className="mt-1 max-w-sm text-sm text-muted">
              Every weekday at 9, every hour, or once next Friday: Weft runs it and keeps every run in the history.
            </p>
            <Button className="mt-4" onClick={() => setView({ kind: 'new' })}>
              <PlusIcon size={15} />
              New schedule
            </Button>
          </div>
        ) : (
          <>
            <SetupWarning />
            <ScheduleList schedules={schedules} onEdit={(id) => setView({ kind: 'edit', scheduleId: id })} />
            {schedules.length >= SCHEDULE_PAGE_MAX && (
              <p className="mt-3 text-sm text-muted">
                These are its first {SCHEDULE_PAGE_MAX}.{' '}
                <Link to={`/dashboard/schedules?workflowId=${encodeURIComponent(workflowId)}`} className="font-medium text-brand hover:underline">
                  See them all on the Schedules tab
                </Link>
              </p>
            )}
          </>
        )}
      </div>
      <DialogFooter onClose={onClose}>
        {schedules.length > 0 && (
          <Button variant="secondary" onClick={() => setView({ kind: 'new' })}>
            <PlusIcon size={15} />
            New schedule
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

/** The first run in the toast as the lists show it: the schedule's zone, the 24-hour clock, seconds when it fires within the minute. */
/**
 * While the workflow still lacks a secret, a field or a parameter, its scheduled runs would
 * fail: said above the list, where Resume is offered (the setup bar offers "Turn on" only
 * once nothing is missing, issue 22).
 */
function SetupWarning() {
  const { needs } = useSetupNeeds();
  if (needs.length === 0) return null;
  const count = needs.length === 1 ? '1 thing is' : `${needs.length} things are`;
  return (
    <div className="mb-4" data-testid="schedule-setup-warning">
      <Alert tone="warning">Finish setting up first: {count} missing (see the bar above the canvas), so runs started now would fail.</Alert>
    </div>
  );
}

function describeNext(schedule: Schedule): string {
  const next = schedule.nextRuns[0];
  if (!next) return '';
  return formatInstant(next, schedule.timezone, false, needsSeconds(schedule.nextRuns));
}

function ScheduleList({ schedules, onEdit }: { schedules: Schedule[]; onEdit(id: string): void }) {
  const now = useNow();
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Schedules of this workflow">
      {schedules.map((schedule) => {
        const title = scheduleTitle(schedule);
        const policies = describePolicies(schedule);
        return (
          <li key={schedule.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="schedule-row">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink">{title}</p>
              <p className="mt-0.5 truncate text-xs text-muted">
                {ownName(schedule) ? `${describeTiming(schedule)} · ` : ''}
                <span className="font-mono">{schedule.cron ?? ''}</span>
                {schedule.cron ? ' · ' : ''}
                {schedule.timezone.replaceAll('_', ' ')}
              </p>
              {policies && <p className="mt-0.5 truncate text-xs text-subtle">{policies}</p>}
              <ScheduleProblem schedule={schedule} />
              <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
                <span className="inline-flex items-center gap-1.5">
                  Next: <NextRun schedule={schedule} />
                </span>
                <span className="inline-flex items-center gap-1.5">
                  Last: <LastRun schedule={schedule} now={now} />
                </span>
              </div>
            </div>
            <ScheduleRowActions
              schedule={schedule}
              edit={
                <IconButton label={`Edit ${title}`} onClick={() => onEdit(schedule.id)}>
                  <PencilIcon size={15} />
                </IconButton>
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
