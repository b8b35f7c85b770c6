import type { ReactNode } from 'react';
import { type HeaderColumn, TableHead } from './TableHead';
import { tableClasses, tableFrameClasses } from './table-styles';

export interface DataTableProps {
  /** Read to screen readers: what the rows are ("Your workflows"). */
  caption: string;
  columns: readonly HeaderColumn[];
  /** The body's rows. */
  children: ReactNode;
}

/** A framed data table: caption, header row and the rows, in the look every table of the app shares. */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div className={tableFrameClasses}>
      <table className={tableClasses}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
