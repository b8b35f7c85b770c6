import { Skeleton } from './Skeleton';
import { type HeaderColumn, TableHead } from './TableHead';
import { tableClasses, tableFrameClasses, td } from './table-styles';

/** One cell of a placeholder row: the column's classes (when it shows) and its grey bars. */
export interface SkeletonCell {
  className?: string;
  bars: string[];
}

export interface TableSkeletonProps {
  /** Announced while loading ("Loading workflows"). */
  label: string;
  /** The real header, so the columns keep their widths when the rows arrive. */
  columns: readonly HeaderColumn[];
  cells: readonly SkeletonCell[];
  rows: number;
}

/** A data table's shape while its first rows load. */
export function TableSkeleton({ label, columns, cells, rows }: TableSkeletonProps) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={tableFrameClasses}>
      <table className={tableClasses} aria-hidden="true">
        <TableHead columns={columns} />
        <tbody className="divide-y divide-line">
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
            <tr key={row}>
              {cells.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells are a fixed list, one per column.
                <td key={column} className={cell.className ? `${td} ${cell.className}` : td}>
                  {cell.bars.map((bar) => (
                    <Skeleton key={bar} className={bar} />
                  ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
