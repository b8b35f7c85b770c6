import type { Schedule, SetupNeed } from '@weft/core';
import { useState } from 'react';
import { scheduleTitle } from '../../components/schedules/schedule-text';
import { useScheduleActions } from '../../components/schedules/useScheduleActions';
import { Button } from '../../components/ui/Button';
import { AlertTriangleIcon, ChevronDownIcon } from '../../components/ui/icons';
import { useEditorStore } from '../store/editor.store';
import { AddSecretDialog } from './AddSecretDialog';
import { setupHighlightCss, useSetupNeeds } from './useSetupNeeds';
import { useWaitingSchedule } from './useWaitingSchedule';

/**
 * "Before this workflow can run": after "Use template", and for any workflow that names a
 * secret the user lacks, leaves a required field empty or uses a parameter with no value.
 * A bar above the canvas (never over the nodes) that opens into a list, one action each;
 * the nodes concerned are ringed on the canvas. A template's schedule, created paused, is
 * the last item: once the rest is done the bar asks only to turn it on. It disappears once
 * nothing is missing and no schedule waits.
 */
export function SetupChecklist() {
  const { needs, nodeIds } = useSetupNeeds();
  const [open, setOpen] = useState(true);
  const [adding, setAdding] = useState<{ name: string; usedBy: string } | null>(null);
  const nodes = useEditorStore((s) => s.nodes);
  const waiting = useWaitingSchedule();
  if (needs.length === 0 && !waiting) return null;
  const labelOf = (id: string) => nodes.find((n) => n.id === id)?.data.label ?? 'a node';
  const count = needs.length === 1 ? '1 thing' : `${needs.length} things`;
  const summary = needs.length ? `${count} to provide before this workflow can run` : 'turn on its schedule so it runs by itself';

  return (
    <section aria-label="Setup" data-testid="setup-checklist" className="shrink-0 border-b border-warn/30 bg-warn/5 text-[13px] text-ink">
      <style>{setupHighlightCss(nodeIds)}</style>
      <button
        type="button"
        className="flex min-h-10 w-full items-center gap-2.5 px-3 py-1 text-left hover:bg-warn/5"
        aria-expanded={open}
        aria-controls="setup-checklist-items"
        onClick={() => setOpen(!open)}
      >
        <AlertTriangleIcon size={15} className="shrink-0 text-warn" />
        <span className="min-w-0 flex-1 truncate">
          <span className="font-medium">Finish setting up:</span> {summary}
        </span>
        <ChevronDownIcon size={15} className={`shrink-0 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <ul id="setup-checklist-items" className="flex flex-col gap-1 px-3 pb-2">
          {needs.map((need) => (
            <SetupItem key={needKey(need)} need={need} labelOf={labelOf} onAddSecret={setAdding} />
          ))}
          {waiting && <ScheduleItem schedule={waiting} ready={needs.length === 0} />}
        </ul>
      )}
      {adding && <AddSecretDialog name={adding.name} usedBy={adding.usedBy} onClose={() => setAdding(null)} />}
    </section>
  );
}

function SetupItem({
  need,
  labelOf,
  onAddSecret,
}: {
  need: SetupNeed;
  labelOf(id: string): string;
  onAddSecret(secret: { name: string; usedBy: string }): void;
}) {
  const openNode = (nodeId: string) => {
    const store = useEditorStore.getState();
    store.selectNodes([nodeId]);
    store.openPanel({ kind: 'node', nodeId });
  };
  switch (need.kind) {
    case 'secret': {
      const usedBy = need.nodeIds.map(labelOf).join(', ');
      return row(
        <>
          Add the secret <span className="font-mono font-medium">{need.name}</span>
        </>,
        `Used by ${usedBy}`,
        <Button size="sm" onClick={() => onAddSecret({ name: need.name, usedBy })}>
          Add secret
        </Button>,
      );
    }
    case 'parameter':
      return row(
        <>
          Set the parameter <span className="font-mono font-medium">{need.key}</span>
        </>,
        need.description || `Used by ${need.nodeIds.map(labelOf).join(', ')}`,
        <Button size="sm" variant="secondary" onClick={() => useEditorStore.getState().openPanel({ kind: 'globals' })}>
          Set value
        </Button>,
      );
    case 'field':
      return row(
        need.fieldKind === 'file' ? (
          <>
            Choose a file for <span className="font-medium">{labelOf(need.nodeId)}</span>
          </>
        ) : (
          <>
            Fill in <span className="font-medium">{need.fieldLabel}</span> in <span className="font-medium">{labelOf(need.nodeId)}</span>
          </>
        ),
        need.fieldKind === 'file' ? 'Upload one, or pick one uploaded before' : 'A required setting is empty',
        <Button size="sm" variant="secondary" onClick={() => openNode(need.nodeId)}>
          Open {labelOf(need.nodeId)}
        </Button>,
      );
  }
}

function row(text: React.ReactNode, detail: string, action: React.ReactNode) {
  return (
    <li className="flex items-center gap-3 rounded-lg bg-surface px-3 py-1.5 shadow-xs ring-1 ring-line" data-testid="setup-item">
      <span className="min-w-0 flex-1">
        <span className="block truncate">{text}</span>
        <span className="block truncate text-xs text-muted">{detail}</span>
      </span>
      {action}
    </li>
  );
}

/** The paused schedule "Use template" made: turned on here (the Schedule dialog can too). */
function ScheduleItem({ schedule, ready }: { schedule: Schedule; ready: boolean }) {
  const { busyId, turnOn } = useScheduleActions();
  return row(
    <>
      Turn on the schedule <span className="font-medium">{scheduleTitle(schedule)}</span>
    </>,
    ready
      ? 'Paused since it was created; once on, it runs this workflow by itself'
      : 'Paused until the rest is set up; it runs this workflow by itself once on',
    <Button size="sm" variant={ready ? 'primary' : 'secondary'} disabled={busyId === schedule.id} onClick={() => void turnOn(schedule)}>
      Turn on
    </Button>,
  );
}

function needKey(need: SetupNeed): string {
  if (need.kind === 'secret') return `secret:${need.name}`;
  if (need.kind === 'parameter') return `param:${need.key}`;
  return `field:${need.nodeId}:${need.fieldKey}`;
}
