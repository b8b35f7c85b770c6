import { CONVERSIONS, type Conversion } from '@weft/core';
import { DocTable } from './DocTable';
import { TypeChip } from './TypeChip';

/** The automatic conversions: the server's table when it has answered, else the built-in one. */
export function ConversionsTable({ conversions }: { conversions?: readonly Conversion[] }) {
  const rows = conversions && conversions.length > 0 ? conversions : CONVERSIONS;
  return (
    <DocTable columns={['From', 'To', 'Converter inserted']} caption="Automatic type conversions">
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
    </DocTable>
  );
}
