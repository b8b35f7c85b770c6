const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A size as people read it: `512 B`, `1.5 KB`, `20 KB`, `3.3 MB`. Binary units (1 KB =
 * 1024 bytes), because every limit Weft states (uploads, responses, stored values) is
 * counted so; one decimal under ten, none from ten up, so a round limit reads `10 MB`.
 * The one wording for the server's limit messages, the nodes' run logs and the web app.
 * Anything that is not a size (negative, NaN, Infinity) reads `—`.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
