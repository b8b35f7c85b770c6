import { Skeleton } from '../ui/Skeleton';
import { columnClasses, tableClasses, tableFrameClasses, td, WorkflowTableHead } from './WorkflowTable';

/** The table's shape, with the real header and column widths, while the list loads. */
export function WorkflowTableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading workflows" aria-busy="true" className={tableFrameClasses}>
      <table className={tableClasses} aria-hidden="true">
        <WorkflowTableHead />
        <tbody className="divide-y divide-line">
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
            <tr key={i}>
              <td className={td}>
                <Skeleton className="h-3.5 w-48 max-w-full" />
                <Skeleton className="mt-2 h-3 w-14" />
              </td>
              <td className={`${td} ${columnClasses.lastRun}`}>
                <Skeleton className="h-5 w-20 rounded-full" />
              </td>
              <td className={`${td} ${columnClasses.schedule}`}>
                <Skeleton className="h-3.5 w-24" />
              </td>
              <td className={`${td} ${columnClasses.lastChange}`}>
                <Skeleton className="h-3.5 w-20" />
              </td>
              <td className={td}>
                <Skeleton className="ml-auto h-6 w-14" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
