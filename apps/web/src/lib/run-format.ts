import type { RunTrigger } from '@weft/core';

/** "340 ms", "1.2 s", "2 min 5 s", "1 h 2 min": short enough for a log line or a table cell. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const totalSeconds = Math.floor(ms / 1000);
  if (totalSeconds < 3600) return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
  const minutes = Math.floor(totalSeconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * Milliseconds since the epoch from what the API sends: the engine's events carry numbers,
 * stored rows ISO strings. Undefined for anything else.
 */
export function toEpoch(value: string | number | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value === '') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

const TRIGGER_LABELS: Record<RunTrigger, string> = {
  manual: 'Manual',
  api: 'API',
  webhook: 'Webhook',
  schedule: 'Schedule',
  error: 'Error workflow',
  mcp: 'MCP',
  workflow: 'Sub-workflow',
};

export function triggerLabel(trigger: string): string {
  return TRIGGER_LABELS[trigger as RunTrigger] ?? trigger;
}
