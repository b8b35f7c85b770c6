import { dataTypeSwatch } from '../../lib/palette';

/** A compact data-type chip (dot and name) for dense lists; `TypeChip` in docs is the roomy one. */
export function PortTypeChip({ type }: { type: string }) {
  const swatch = dataTypeSwatch(type);
  return (
    <span className={`inline-flex h-[18px] items-center gap-1 rounded px-1 font-mono text-[10px] leading-none font-medium ring-1 ring-inset ${swatch.chip}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${swatch.dot}`} />
      {type}
    </span>
  );
}
