import type { Schedule, SetupNeed } from '@weft/core';
import { useEffect, useId, useRef, useState } from 'react';
import { scheduleTitle } from '../../components/schedules/schedule-text';
import { useScheduleActions } from '../../components/schedules/useScheduleActions';
import { Button } from '../../components/ui/Button';
import { AlertTriangleIcon, ChevronDownIcon } from '../../components/ui/icons';
import { useEditorStore } from '../store/editor.store';
import { AddSecretDialog } from './AddSecretDialog';
import { setupHighlightCss, useSetupNeeds } from './useSetupNeeds';
import { useWaitingSchedule } from './useWaitingSchedule';

/** A pointer press in here keeps the list open: the list itself and the dialogs its items open. */
const KEEPS_OPEN = '[data-setup-list], [role="dialog"], [role="alertdialog"]';

/**
 * "Before this workflow can run": after "Use template", and for any workflow that names a
 * secret the user lacks, leaves a required field empty or uses a parameter with no value.
 * One line above the canvas (never over the nodes, and never taller as needs are added)
 * that says how many things are left and offers the first one's action; its list opens
 * on request over the top of the canvas and closes on Escape, a press elsewhere, or an
 * action that opens a panel. The nodes concerned are ringed on the canvas. A template's
 * schedule, created paused, is the last item, and "Turn on" is offered only once the rest
 * is done (a schedule turned on before its secrets exist would only fail, issue 22). The
 * bar disappears once nothing is missing and no schedule waits.
 */
export function SetupChecklist() {
  const { needs, nodeIds } = useSetupNeeds();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState<{ name: string; usedBy: string } | null>(null);
  const nodes = useEditorStore((s) => s.nodes);
  const waiting = useWaitingSchedule();
  const bar = useRef<HTMLElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (bar.current?.contains(target) || target?.closest(KEEPS_OPEN)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);
  if (needs.length === 0 && !waiting) return null;
  const labelOf = (id: string) => nodes.find((n) => n.id === id)?.data.label ?? 'a node';
  const count = needs.length === 1 ? '1 thing' : `${needs.length} things`;
  const summary = needs.length ? `${count} to provide before this workflow can run` : 'turn on its schedule so it runs by itself';
  const total = needs.length + (waiting ? 1 : 0);
  const close = () => setOpen(false);
  const first = needs[0];

  return (
    <section
      ref={bar}
      aria-label="Setup"
      data-testid="setup-checklist"
      className="relative z-20 flex h-10 shrink-0 items-center gap-2 border-b border-warn/30 bg-warn/5 pr-2 text-[13px] text-ink"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        close();
        bar.current?.querySelector<HTMLElement>('[aria-controls]')?.focus();
      }}
    >
      <style>{setupHighlightCss(nodeIds)}</style>
      <button
        type="button"
        className="flex h-full min-w-0 flex-1 items-center gap-2.5 px-3 text-left hover:bg-warn/5"
        aria-expanded={open}
        aria-controls={listId}
        title={open ? 'Hide the list' : `Show all ${total} step${total === 1 ? '' : 's'}`}
        onClick={() => setOpen(!open)}
      >
        <AlertTriangleIcon size={15} className="shrink-0 text-warn" />
        <span className="min-w-0 flex-1 truncate">
          <span className="font-medium">Finish setting up:</span> {summary}
        </span>
        <span className="hidden shrink-0 text-xs text-muted sm:inline">{open ? 'Hide' : `Show all ${total}`}</span>
        <ChevronDownIcon size={15} className={`shrink-0 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {!open && (first ? <NextAction need={first} labelOf={labelOf} onAddSecret={setAdding} /> : waiting && <TurnOnButton schedule={waiting} />)}
      {open && (
        <ul
          id={listId}
          data-setup-list=""
          aria-label="What is left to set up"
          className="absolute top-full left-2 mt-1 flex max-h-[min(24rem,60vh)] w-[min(40rem,calc(100%-1rem))] flex-col gap-1 overflow-y-auto rounded-xl border border-line bg-surface-2 p-1.5 shadow-[0_12px_32px_-12px_rgb(0_0_0/0.35)] dark:shadow-black/60"
        >
          {needs.map((need) => (
            <SetupItem key={needKey(need)} need={need} labelOf={labelOf} onAddSecret={setAdding} onOpenedPanel={close} />
          ))}
          {waiting && <ScheduleItem schedule={waiting} ready={needs.length === 0} />}
        </ul>
      )}
      {adding && <AddSecretDialog name={adding.name} usedBy={adding.usedBy} onClose={() => setAdding(null)} />}
    </section>
  );
}

/** Opens a node's settings, to fill a field or choose a file. */
function openNode(nodeId: string) {
  const store = useEditorStore.getState();
  store.selectNodes([nodeId]);
  store.openPanel({ kind: 'node', nodeId });
}

/** The first need's action in the bar's own line, so the usual next step needs no list. */
function NextAction({
  need,
  labelOf,
  onAddSecret,
}: {
  need: SetupNeed;
  labelOf(id: string): string;
  onAddSecret(secret: { name: string; usedBy: string }): void;
}) {
  const common = { size: 'sm' as const, className: 'max-w-[18rem] shrink-0 truncate', 'data-testid': 'setup-next' };
  switch (need.kind) {
    case 'secret':
      return (
        <Button {...common} onClick={() => onAddSecret({ name: need.name, usedBy: need.nodeIds.map(labelOf).join(', ') })}>
          Add {need.name}
        </Button>
      );
    case 'parameter':
      return (
        <Button {...common} variant="secondary" onClick={() => useEditorStore.getState().openPanel({ kind: 'globals' })}>
          Set {need.key}
        </Button>
      );
    case 'field':
      return (
        <Button {...common} variant="secondary" onClick={() => openNode(need.nodeId)}>
          Open {labelOf(need.nodeId)}
        </Button>
      );
  }
}

function SetupItem({
  need,
  labelOf,
  onAddSecret,
  onOpenedPanel,
}: {
  need: SetupNeed;
  labelOf(id: string): string;
  onAddSecret(secret: { name: string; usedBy: string }): void;
  /** The list closes when an item opens a panel: the work goes on there. */
  onOpenedPanel(): void;
}) {
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
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            onOpenedPanel();
            useEditorStore.getState().openPanel({ kind: 'globals' });
          }}
        >
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
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            onOpenedPanel();
            openNode(need.nodeId);
          }}
        >
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

/**
 * The paused schedule "Use template" made: turned on here (the Schedule dialog can too),
 * offered only once nothing else is missing; until then the row says it waits for the rest.
 */
function ScheduleItem({ schedule, ready }: { schedule: Schedule; ready: boolean }) {
  return row(
    <>
      Turn on the schedule <span className="font-medium">{scheduleTitle(schedule)}</span>
    </>,
    ready
      ? 'Paused since it was created; once on, it runs this workflow by itself'
      : 'Paused until the rest is set up; you can turn it on once everything above is provided',
    ready ? (
      <TurnOnButton schedule={schedule} />
    ) : (
      <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted ring-1 ring-line" data-testid="schedule-waits">
        After setup
      </span>
    ),
  );
}

function TurnOnButton({ schedule }: { schedule: Schedule }) {
  const { busyId, turnOn } = useScheduleActions();
  return (
    <Button size="sm" className="shrink-0" disabled={busyId === schedule.id} onClick={() => void turnOn(schedule)}>
      Turn on
    </Button>
  );
}

function needKey(need: SetupNeed): string {
  if (need.kind === 'secret') return `secret:${need.name}`;
  if (need.kind === 'parameter') return `param:${need.key}`;
  return `field:${need.nodeId}:${need.fieldKey}`;
}
