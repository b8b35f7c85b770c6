import type { ExecutionSummary } from '@weft/core';
import { keptBadge, notKeptMessage } from './run-data-kept';

/** "Summary only" beside a successful run that kept less than everything. */
export function KeptMark({ kept }: { kept: ExecutionSummary['kept'] }) {
  const label = keptBadge(kept);
  if (!label) return null;
  return (
    <span
      title={notKeptMessage(kept) ?? undefined}
      data-testid="kept-mark"
      className="rounded-full bg-surface-2 px-1.5 py-px text-[11px] font-medium whitespace-nowrap text-muted ring-1 ring-line ring-inset"
    >
      {label}
    </span>
  );
}
