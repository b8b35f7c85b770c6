const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "just now", "5 minutes ago", "yesterday", "in 2 hours": the largest unit that fits.
 * `now` is passed in so the result is testable and a list renders against one clock.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const time = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(time.getTime())) return '—';
  const seconds = Math.round((time.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60) || Math.sign(seconds), 'minute');
}

/**
 * The full date and time, in the user's locale, for tooltips and `<time>` titles; on the
 * 24-hour clock that the app's lists and toasts use everywhere (issue 22: toasts read
 * "9:00 AM" beside lists reading "09:00").
 */
export function formatExactTime(date: Date | string): string {
  const time = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(time.getTime())) return '';
  return time.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
}
