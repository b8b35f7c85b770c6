import { useUsage } from '../../api/useUsage';
import { SettingsListError, SettingsListSkeleton } from './SettingsListStates';
import { SettingsSection } from './SettingsSection';
import { type UsageRow, type UsageTone, usageRows } from './usage-rows';

const BAR: Record<UsageTone, string> = { ok: 'bg-brand', warn: 'bg-warn', danger: 'bg-danger' };
const AMOUNT: Record<UsageTone, string> = { ok: 'text-muted', warn: 'text-warn', danger: 'text-danger' };

/** Settings → Usage: files, collections, kept executions and schedules against this Weft's per-user quotas. */
export function UsageSection() {
  return (
    <SettingsSection
      id="usage"
      title="Usage"
      description="What your account keeps on this server, against the quotas set for each user. Whoever runs this Weft can raise them."
    >
      <UsageList />
    </SettingsSection>
  );
}

function UsageList() {
  const query = useUsage();
  if (query.isPending) return <SettingsListSkeleton what="usage" rows={4} />;
  if (query.isError) return <SettingsListError what="usage" query={query} />;
  return (
    <ul aria-label="Usage" className="divide-y divide-line rounded-lg border border-line">
      {usageRows(query.data).map((row) => (
        <UsageLine key={row.key} row={row} />
      ))}
    </ul>
  );
}

function UsageLine({ row }: { row: UsageRow }) {
  const labelId = `usage-${row.key}`;
  return (
    <li className="px-4 py-3" data-testid="usage-row">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
        <p id={labelId} className="text-sm font-medium text-ink">
          {row.label}
        </p>
        <p className={`text-sm tabular-nums ${AMOUNT[row.tone]}`}>{row.amount}</p>
      </div>
      {row.fraction !== null && (
        <progress aria-labelledby={labelId} value={Math.round(row.fraction * 1000)} max={1000} className="sr-only">
          {row.amount}
        </progress>
      )}
      {row.fraction !== null && (
        <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-2">
          <div className={`h-full rounded-full ${BAR[row.tone]}`} style={{ width: `${Math.max(row.fraction * 100, row.fraction > 0 ? 1 : 0)}%` }} />
        </div>
      )}
      <p className="mt-1.5 text-xs text-muted">{row.note}</p>
    </li>
  );
}
