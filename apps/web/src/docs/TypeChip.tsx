import { dataTypeSwatch } from '../lib/palette';

/** A port data type as a colour-coded chip (the same colours as the editor's handles). */
export function TypeChip({ type }: { type: string }) {
  const swatch = dataTypeSwatch(type);
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-md px-1.5 py-0.5 font-mono text-[11px] font-medium ring-1 ring-inset ${swatch.chip}`}>
      <span className={`h-1.5 w-1.5 rounded-full ${swatch.dot}`} aria-hidden="true" />
      {type}
    </span>
  );
}
