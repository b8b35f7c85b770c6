import { TableSkeleton } from '../ui/TableSkeleton';
import { columnClasses, WORKFLOW_COLUMNS } from './WorkflowTable';

const CELLS = [
  { bars: ['h-3.5 w-48 max-w-full', 'mt-2 h-3 w-14'] },
  { className: columnClasses.lastRun, bars: ['h-5 w-20 rounded-full'] },
  { className: columnClasses.schedule, bars: ['h-3.5 w-24'] },
  { className: columnClasses.lastChange, bars: ['h-3.5 w-20'] },
  { bars: ['ml-auto h-6 w-14'] },
];

/** The table's shape, with the real header and column widths, while the list loads. */
export function WorkflowTableSkeleton({ rows = 4 }: { rows?: number }) {
  return <TableSkeleton label="Loading workflows" columns={WORKFLOW_COLUMNS} cells={CELLS} rows={rows} />;
}
