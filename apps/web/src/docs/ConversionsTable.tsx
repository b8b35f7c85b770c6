import { CONVERSIONS, type Conversion } from '@weft/core';
import { TypeChip } from './TypeChip';

/** The automatic conversions: the server's table when it has answered, else the built-in one. */
export function ConversionsTable({ conversions }: { conversions?: readonly Conversion[] }) {
  const rows = conversions && conversions.length > 0 ? conversions : CONVERSIONS;
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Automatic type conversions</caption>
        <thead className="bg-surface-2 text-xs text-muted">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              From
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              To
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Converter inserted
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={`${c.from}-${c.to}`} className="border-t border-line">
              <td className="px-4 py-2.5">
                <TypeChip type={c.from} />
              </td>
              <td className="px-4 py-2.5">
                <TypeChip type={c.to} />
              </td>
              <td className="px-4 py-2.5 font-medium text-ink">{c.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
