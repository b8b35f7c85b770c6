/** One header cell of a data table. */
export interface HeaderColumn {
  label: string;
  /** Its width, and at which widths it shows (`hidden sm:table-cell`). */
  className?: string;
  /** Read to screen readers only, for a column whose cells say what they are (the row's buttons). */
  hidden?: boolean;
}

const th = 'px-4 py-2.5 text-left text-xs font-medium text-muted';

/** A data table's header row, in the one look the app's tables share. */
export function TableHead({ columns }: { columns: readonly HeaderColumn[] }) {
  return (
    <thead className="border-b border-line bg-surface-2/60">
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className ? `${th} ${column.className}` : th}>
            {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
