import type { ReactNode } from 'react';

/**
 * A reference table of the docs and legal pages: a bordered frame that scrolls sideways on
 * narrow screens, one header row of `columns`, and `children` (the `<tr>` rows) as its body.
 * `dense` is the node reference's smaller frame; `tableClassName` adds a minimum width.
 */
export function DocTable({
  columns,
  caption,
  dense = false,
  tableClassName = '',
  children,
}: {
  columns: readonly string[];
  caption?: string;
  dense?: boolean;
  tableClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={dense ? 'overflow-x-auto rounded-lg border border-line' : 'overflow-x-auto rounded-xl border border-line bg-surface'}>
      <table className={`w-full text-left text-sm ${tableClassName}`.trim()}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-surface-2 text-xs text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={dense ? 'px-3 py-2 font-medium' : 'px-4 py-2.5 font-medium'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
