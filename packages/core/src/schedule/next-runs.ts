import { Cron } from 'croner';
import type { ScheduleTiming } from './schedule-timing.js';

/** When a schedule may fire at all: its timing in a zone, between optional start and end. */
export interface ScheduleWindow {
  timing: ScheduleTiming;
  timezone: string;
  /** ISO; no tick before it. Intervals count from it (else from the schedule's anchor). */
  startAt?: string | null;
  /** ISO; no tick after it. */
  endAt?: string | null;
  /** ISO; where intervals count from when there is no start date (the schedule's creation). */
  anchor: string;
}

/** Parsed expressions by zone: a scheduler pass over 10,000 schedules of a few shapes parses each once. */
const parsed = new Map<string, Cron>();
const MAX_PARSED = 1000;
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu', 'Universal', 'Zulu']);

function cronFor(expression: string, timezone: string): Cron {
  const key = `${timezone}\u0000${expression.trim()}`;
  let cron = parsed.get(key);
  if (!cron) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    // For UTC, croner's fixed offset gives the same instants without an Intl conversion per
    // step (about 3× faster, which a burst of 10,000 daily schedules notices).
    cron = new Cron(expression.trim(), UTC_NAMES.has(timezone) ? { utcOffset: 0, paused: true } : { timezone, paused: true });
    parsed.set(key, cron);
  }
  return cron;
}

/**
 * The first `count` instants strictly after `after` at which the schedule fires.
 *
 * Cron fields are read in the schedule's zone (croner). Across DST changes croner already
 * follows the rules we promise, and the tests pin them: a local time that does not exist
 * (spring forward) fires once, at the next valid instant; a named local time that occurs
 * twice (fall back) fires once, at its first occurrence; expressions whose hour field is a
 * wildcard or step ("every 30 minutes") keep following real time through the repeated hour,
 * as Vixie cron does. Intervals are exact elapsed time from the anchor, unaffected by zones.
 */
export function nextRuns(window: ScheduleWindow, after: Date, count: number): Date[] {
  const start = window.startAt ? new Date(window.startAt) : undefined;
  const end = window.endAt ? new Date(window.endAt) : undefined;
  // A tick at exactly startAt counts, so look from just before it.
  const from = start && start.getTime() > after.getTime() ? new Date(start.getTime() - 1) : after;
  let instants: Date[];
  const { timing } = window;
  switch (timing.kind) {
    case 'cron': {
      instants = cronFor(timing.cron, window.timezone).nextRuns(count, from);
      break;
    }
    case 'interval': {
      const step = timing.intervalSeconds * 1000;
      const anchor = (start ?? new Date(window.anchor)).getTime();
      const k = Math.max(0, Math.floor((from.getTime() - anchor) / step) + 1);
      instants = Array.from({ length: count }, (_, i) => new Date(anchor + (k + i) * step));
      break;
    }
    case 'once': {
      const at = new Date(timing.runAt);
      instants = at.getTime() > from.getTime() ? [at] : [];
      break;
    }
  }
  return end ? instants.filter((instant) => instant.getTime() <= end.getTime()) : instants;
}

/**
 * Every instant in (after, until], oldest first, at most `limit` (a schedule that fires each
 * second and was down for a day has 86,400; callers record a gap, not each one).
 */
export function instantsBetween(window: ScheduleWindow, after: Date, until: Date, limit: number): Date[] {
  return walkInstants(window, after, until, limit).found;
}

/**
 * `instantsBetween`, and the first instant after `until` when the walk saw it on the way
 * (`undefined` when it stopped at `limit` first; `null` when no instant comes after):
 * the scheduler needs both, and finding the next run of a yearly cron is the expensive part.
 */
export function walkInstants(window: ScheduleWindow, after: Date, until: Date, limit: number): { found: Date[]; next: Date | null | undefined } {
  const found: Date[] = [];
  let cursor = after;
  // Ask for 1, then 2, 4 … at a time: usually one instant is due, and a yearly cron's
  // hundredth next run is a century of calendar to walk.
  let size = 1;
  while (found.length < limit) {
    const batch = nextRuns(window, cursor, Math.min(size, limit - found.length));
    size = found.length < 2 ? 1 : Math.min(size * 2, 100);
    for (const instant of batch) {
      if (instant.getTime() > until.getTime()) return { found, next: instant };
      found.push(instant);
    }
    const last = batch[batch.length - 1];
    if (!last || batch.length === 0) return { found, next: null };
    cursor = last;
  }
  return { found, next: undefined };
}

/** `2026-11-24T09:00:00+01:00`: the instant as the zone's wall clock with its UTC offset. */
export function isoInZone(instant: Date, timezone: string): string {
  const parts = formatterFor(timezone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const offsetName = get('timeZoneName'); // "GMT+01:00", "GMT-03:30" or "GMT"
  const offset = offsetName === 'GMT' ? '+00:00' : offsetName.replace('GMT', '');
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}${offset}`;
}

/** Building a formatter costs far more than using one; zones are few. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (formatter) return formatter;
  formatter = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  if (formatters.size >= 1000) formatters.clear();
  formatters.set(timezone, formatter);
  return formatter;
}
