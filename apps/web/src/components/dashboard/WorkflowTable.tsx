import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useNow } from '../../hooks/useNow';
import { DataTable } from '../ui/DataTable';
import { IconButton } from '../ui/IconButton';
import { CalendarClockIcon, CopyIcon, DownloadIcon, PauseIcon, PencilIcon, PlayIcon, TrashIcon } from '../ui/icons';
import type { HeaderColumn } from '../ui/TableHead';
import { td } from '../ui/table-styles';
import { RelativeTime } from './RelativeTime';
import { RenameWorkflowDialog } from './RenameWorkflowDialog';
import { RunStatusBadge } from './RunStatusBadge';
import { useDeleteWorkflow, useDuplicateWorkflow, useExportWorkflow, useRunWorkflow } from './useWorkflows';
import { nodeCountLabel, scheduleLook, type WorkflowSummary } from './workflow-summary';

/** Which columns show at which width; the skeleton uses the same. */
export const columnClasses = {
  lastRun: 'hidden sm:table-cell',
  schedule: 'hidden lg:table-cell',
  lastChange: 'hidden md:table-cell',
} as const;

/** The columns' headers; the skeleton shows the same. */
export const WORKFLOW_COLUMNS: HeaderColumn[] = [
  { label: 'Name' },
  { label: 'Last run', className: `${columnClasses.lastRun} w-44` },
  { label: 'Schedule', className: `${columnClasses.schedule} w-48` },
  { label: 'Last change', className: `${columnClasses.lastChange} w-36` },
  { label: 'Actions', className: 'w-48', hidden: true },
];

/** The workflows as a table; columns drop away on narrow screens, name and actions stay. */
export function WorkflowTable({ workflows }: { workflows: WorkflowSummary[] }) {
  const now = useNow();
  return (
    <DataTable caption="Your workflows" columns={WORKFLOW_COLUMNS}>
      {workflows.map((workflow) => (
        <WorkflowRow key={workflow.id} workflow={workflow} now={now} />
      ))}
    </DataTable>
  );
}

interface RowAction {
  /** With the workflow's name, the button's accessible name: "Run Daily summary". */
  verb: string;
  title: string;
  icon: ReactNode;
  run(): void;
  /** While its request is on its way, the button waits. */
  busy?: boolean;
  danger?: boolean;
}

function WorkflowRow({ workflow, now }: { workflow: WorkflowSummary; now: Date }) {
  const exportWorkflow = useExportWorkflow();
  const deleteWorkflow = useDeleteWorkflow();
  const duplicateWorkflow = useDuplicateWorkflow();
  const runWorkflow = useRunWorkflow();
  const [renaming, setRenaming] = useState(false);
  const schedule = scheduleLook(workflow.schedule, now);
  // The row's buttons in order; each names the workflow, so a screen reader tells the rows apart.
  const actions: RowAction[] = [
    { verb: 'Run', title: 'Run now', icon: <PlayIcon size={14} />, run: () => runWorkflow.mutate(workflow), busy: runWorkflow.isPending },
    { verb: 'Rename', title: 'Rename', icon: <PencilIcon size={15} />, run: () => setRenaming(true) },
    { verb: 'Duplicate', title: 'Duplicate', icon: <CopyIcon size={16} />, run: () => duplicateWorkflow.mutate(workflow), busy: duplicateWorkflow.isPending },
    { verb: 'Export', title: 'Export as JSON', icon: <DownloadIcon size={16} />, run: () => exportWorkflow.mutate(workflow), busy: exportWorkflow.isPending },
    {
      verb: 'Delete',
      title: 'Delete',
      icon: <TrashIcon size={16} />,
      run: () => deleteWorkflow.mutate(workflow),
      busy: deleteWorkflow.isPending,
      danger: true,
    },
  ];
  return (
    <tr className="group transition-colors hover:bg-surface-2/50">
      <td className={td}>
        <Link to={`/workflow/${workflow.id}`} className="block truncate rounded-sm font-medium text-ink hover:text-brand">
          {workflow.name}
        </Link>
        <p className="mt-0.5 truncate text-xs text-subtle">{nodeCountLabel(workflow.nodeCount)}</p>
      </td>
      <td className={`${td} ${columnClasses.lastRun}`}>
        <div className="flex flex-col items-start gap-1">
          <RunStatusBadge status={workflow.lastRunStatus} />
          {workflow.lastRunAt && (
            <span className="text-xs text-subtle">
              <RelativeTime value={workflow.lastRunAt} now={now} />
            </span>
          )}
        </div>
      </td>
      <td className={`${td} ${columnClasses.schedule}`}>
        {schedule.active || schedule.detail ? (
          <div className="min-w-0">
            <Link
              to={`/workflow/${workflow.id}?schedule=list`}
              title="Open this workflow's schedules"
              className="inline-flex max-w-full items-center gap-1.5 rounded-sm text-ink hover:text-brand"
            >
              <CalendarClockIcon size={14} className={schedule.active ? 'shrink-0 text-brand' : 'shrink-0 text-subtle'} />
              <span className="truncate text-xs">{schedule.label}</span>
            </Link>
            {schedule.detail && (
              <p className="mt-0.5 truncate text-xs text-subtle" title={schedule.nextExact} data-testid="workflow-next-run">
                {schedule.paused && <PauseIcon size={11} className="mr-1 inline-block align-[-1px]" aria-hidden="true" />}
                {schedule.detail}
              </p>
            )}
          </div>
        ) : (
          <span className="text-subtle">{schedule.label}</span>
        )}
      </td>
      <td className={`${td} ${columnClasses.lastChange} text-muted`}>
        <RelativeTime value={workflow.updatedAt} now={now} />
      </td>
      <td className={`${td} text-right`}>
        <div className="flex justify-end gap-1 opacity-100 transition-opacity md:opacity-60 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
          {actions.map((action) => (
            <IconButton
              key={action.verb}
              label={`${action.verb} ${workflow.name}`}
              title={action.title}
              danger={action.danger}
              onClick={action.run}
              disabled={action.busy}
            >
              {action.icon}
            </IconButton>
          ))}
        </div>
        {renaming && <RenameWorkflowDialog workflow={workflow} onClose={() => setRenaming(false)} />}
      </td>
    </tr>
  );
}
