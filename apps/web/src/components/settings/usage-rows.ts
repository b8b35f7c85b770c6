import { formatBytes, type QuotaUsage, type UsageSummary } from '@weft/core';

/** How full a quota is: `danger` at it (the next upload or store is refused), `warn` from 80 %. */
export type UsageTone = 'ok' | 'warn' | 'danger';

/** One line of Settings → Usage, worded and measured. */
export interface UsageRow {
  key: keyof UsageSummary;
  label: string;
  /** "12 MB of 250 MB", "3 of 100", "4,120 (no limit)". */
  amount: string;
  /** 0–1 of the quota; null when there is none. */
  fraction: number | null;
  tone: UsageTone;
  /** What happens at the quota, and what is counted. */
  note: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function measure(usage: QuotaUsage, format: (n: number) => string, rolls = false): Pick<UsageRow, 'amount' | 'fraction' | 'tone'> {
  if (usage.limit === null) return { amount: `${format(usage.used)} (no limit)`, fraction: null, tone: 'ok' };
  const fraction = usage.limit > 0 ? Math.min(1, usage.used / usage.limit) : 1;
  // Kept executions roll over at their quota: being at it is normal, nothing is refused.
  const tone: UsageTone = rolls ? 'ok' : fraction >= 1 ? 'danger' : fraction >= 0.8 ? 'warn' : 'ok';
  return { amount: `${format(usage.used)} of ${format(usage.limit)}`, fraction, tone };
}

/** The rows of Settings → Usage, in the order they show. */
export function usageRows(usage: UsageSummary): UsageRow[] {
  return [
    {
      key: 'files',
      label: 'Files',
      ...measure(usage.files, formatBytes),
      note: `${plural(usage.files.count, 'file', 'files')}. Uploads past the quota are refused.`,
    },
    {
      key: 'vectorChunks',
      label: 'Collection chunks',
      ...measure(usage.vectorChunks, count),
      note: `In ${plural(usage.vectorChunks.collections, 'collection', 'collections')}. An Embed & Store that would pass the quota fails.`,
    },
    {
      key: 'executions',
      label: 'Kept executions',
      ...measure(usage.executions, count, true),
      note: 'Past the quota the oldest finished executions are deleted, as with retention.',
    },
    {
      key: 'schedules',
      label: 'Schedules',
      ...measure(usage.schedules, count),
      note: 'A schedule past the limit is refused.',
    },
  ];
}
