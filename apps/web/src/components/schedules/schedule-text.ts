import { defaultScheduleName, type Schedule, timingFromFields } from '@weft/core';
import cronstrue from 'cronstrue';

/** The starting points the form offers; "Custom" keeps whatever cron the user typed. */
export const CRON_PRESETS: { label: string; cron: string }[] = [
  { label: 'Every minute', cron: '* * * * *' },
  { label: 'Every 5 minutes', cron: '*/5 * * * *' },
  { label: 'Every 15 minutes', cron: '*/15 * * * *' },
  { label: 'Every hour', cron: '0 * * * *' },
  { label: 'Every day at 09:00', cron: '0 9 * * *' },
  { label: 'Weekdays at 09:00', cron: '0 9 * * 1-5' },
  { label: 'Mondays at 09:00', cron: '0 9 * * 1' },
  { label: 'First of the month at 09:00', cron: '0 9 1 * *' },
];

/** "At 09:00, Monday through Friday" for a cron expression, or null when it does not parse. */
export function describeCron(cron: string): string | null {
  try {
    return cronstrue.toString(cron.trim(), { use24HourTimeFormat: true, throwExceptionOnParseError: true, verbose: false });
  } catch {
    return null;
  }
}

export const INTERVAL_UNITS = [
  { unit: 'seconds', seconds: 1 },
  { unit: 'minutes', seconds: 60 },
  { unit: 'hours', seconds: 3600 },
  { unit: 'days', seconds: 86_400 },
] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number]['unit'];

/** An interval in the largest unit that divides it: 7200 → 2 hours. */
export function intervalParts(seconds: number): { value: number; unit: IntervalUnit } {
  for (const { unit, seconds: size } of [...INTERVAL_UNITS].reverse()) {
    if (seconds % size === 0) return { value: seconds / size, unit };
  }
  return { value: seconds, unit: 'seconds' };
}

export function describeInterval(seconds: number): string {
  const { value, unit } = intervalParts(seconds);
  return value === 1 ? `Every ${unit.slice(0, -1)}` : `Every ${value} ${unit}`;
}

/**
 * The name the user gave, or '' for an unnamed schedule: the server names one that was
 * given none after its timing (core's `defaultScheduleName`), which is not theirs to edit.
 */
export function ownName(schedule: Pick<Schedule, 'name' | 'cron' | 'intervalSeconds' | 'runAt'>): string {
  const timing = timingFromFields(schedule);
  return timing && schedule.name === defaultScheduleName(timing) ? '' : schedule.name;
}

/** A schedule's name as the user reads it: its own, else when it fires. */
export function scheduleTitle(schedule: Pick<Schedule, 'name' | 'cron' | 'intervalSeconds' | 'runAt' | 'timezone'>): string {
  return ownName(schedule) || describeTiming(schedule);
}

/** One line that says when a schedule fires: "At 09:00, Monday through Friday". */
export function describeTiming(schedule: Pick<Schedule, 'cron' | 'intervalSeconds' | 'runAt' | 'timezone'>): string {
  const timing = timingFromFields(schedule);
  if (!timing) return 'No timing';
  switch (timing.kind) {
    case 'cron':
      return describeCron(timing.cron) ?? timing.cron;
    case 'interval':
      return describeInterval(timing.intervalSeconds);
    case 'once':
      return `Once, ${formatInstant(timing.runAt, schedule.timezone)}`;
  }
}

/**
 * "Mon 24 Nov, 09:00" in the given zone (the schedule's, not the browser's), always on the
 * 24-hour clock, in lists, forms and toasts alike; with seconds ("09:00:30") for a timing
 * that fires within the minute, whose runs would otherwise read the same.
 */
export function formatInstant(iso: string, timezone: string, withYear = false, withSeconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(date);
}

/** Whether instants need their seconds shown: one of them falls inside a minute (a 6-field cron, an interval of 90 s). */
export function needsSeconds(isos: readonly string[]): boolean {
  return isos.some((iso) => {
    const time = Date.parse(iso);
    return !Number.isNaN(time) && time % 60_000 !== 0;
  });
}

/** The browser's zone, the default for a new schedule. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    return RENAMED_ZONES[zone] ?? zone;
  } catch {
    return 'UTC';
  }
}

/**
 * Zones the browser lists under a name IANA has since replaced (ICU keeps the old one as
 * canonical): listed under today's name, which every browser and the server also accept,
 * so a search for "Kolkata" or "Kyiv" finds it.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Every IANA zone the browser knows (by today's names), UTC first; the current value stays listed even if unknown here. */
export function timeZoneOptions(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const known = [...new Set(listed.map((zone) => RENAMED_ZONES[zone] ?? zone))].sort();
  const zones = ['UTC', ...known.filter((zone) => zone !== 'UTC')];
  return zones.includes(current) || !current ? zones : [current, ...zones];
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in winter: 60). */
function offsetMinutes(instant: number, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * A wall-clock time typed into a `datetime-local` field ("2026-12-01T09:00"), read in the
 * schedule's zone, as an instant (ISO, UTC). A time skipped by a DST change moves forward
 * by the gap, as the scheduler does.
 */
export function wallTimeToIso(wall: string, timezone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offset at the guess, then at the corrected instant: they differ only near a change.
  const first = asUtc - offsetMinutes(asUtc, timezone) * 60_000;
  const second = asUtc - offsetMinutes(first, timezone) * 60_000;
  const shows = (instant: number) => instant + offsetMinutes(instant, timezone) * 60_000 === asUtc;
  // Neither shows the typed time only inside a spring-forward gap: the later one is past it.
  const instant = shows(second) ? second : shows(first) ? first : Math.max(first, second);
  return new Date(instant).toISOString();
}

/** The other way: an instant as the `datetime-local` value in the zone. */
export function isoToWallTime(iso: string, timezone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const local = new Date(instant + offsetMinutes(instant, timezone) * 60_000);
  return local.toISOString().slice(0, 16);
}
