import { Cron } from 'croner';

/** How a schedule says when to run: a cron expression, a fixed interval, or one date-time. */
export type ScheduleTiming = { kind: 'cron'; cron: string } | { kind: 'interval'; intervalSeconds: number } | { kind: 'once'; runAt: string };

export type ScheduleKind = ScheduleTiming['kind'];

/**
 * A timing as the API (and the database) spells it: three fields, exactly one set. The one
 * place that maps between them and {@link ScheduleTiming}, for the server's answers and
 * rows and the web's lists, forms and summaries.
 */
export interface TimingFields {
  cron: string | null;
  intervalSeconds: number | null;
  runAt: string | null;
}

/** The three fields of a timing, the two it does not use null. */
export function timingFields(timing: ScheduleTiming): TimingFields {
  return {
    cron: timing.kind === 'cron' ? timing.cron : null,
    intervalSeconds: timing.kind === 'interval' ? timing.intervalSeconds : null,
    runAt: timing.kind === 'once' ? timing.runAt : null,
  };
}

/** The timing three fields carry (the first set, in the order cron, interval, once), or null when none is. */
export function timingFromFields(fields: Partial<Readonly<TimingFields>>): ScheduleTiming | null {
  if (fields.cron) return { kind: 'cron', cron: fields.cron };
  if (fields.intervalSeconds) return { kind: 'interval', intervalSeconds: fields.intervalSeconds };
  if (fields.runAt) return { kind: 'once', runAt: fields.runAt };
  return null;
}

/**
 * The name a schedule gets when none is given (omitted or blank): when it runs, in the
 * API's own terms, so a list of unnamed schedules still reads well. The web recognises it
 * to show such a schedule as unnamed (its title then says the timing in words).
 */
export function defaultScheduleName(timing: ScheduleTiming): string {
  switch (timing.kind) {
    case 'cron':
      return `Cron ${timing.cron}`;
    case 'interval':
      return `Every ${timing.intervalSeconds} s`;
    case 'once':
      return `Once at ${timing.runAt}`;
  }
}

/**
 * What to do with a tick that comes while the schedule's previous run is still going:
 * Temporal's overlap policies (without its terminate, which a run here cannot tell from cancel).
 */
export const OVERLAP_POLICIES = ['skip', 'buffer_one', 'buffer_all', 'cancel_other', 'allow_all'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];

/** The names of the first release, still taken on input (and read from rows stored before migration 0013). */
export const LEGACY_OVERLAP_POLICIES: Readonly<Record<string, OverlapPolicy>> = { queue: 'buffer_one', allow: 'allow_all' };

/** A stored or sent overlap policy by today's name; anything unknown reads as the default, skip. */
export function overlapPolicyOf(value: string | null | undefined): OverlapPolicy {
  if (value && (OVERLAP_POLICIES as readonly string[]).includes(value)) return value as OverlapPolicy;
  return (value && LEGACY_OVERLAP_POLICIES[value]) || 'skip';
}

/** Bounds of the per-schedule settings beside the policies (the API refuses values outside them). */
export const SCHEDULE_SETTING_LIMITS = {
  /** A year: a tick found later than the window was missed. */
  catchUpWindowSeconds: 365 * 24 * 60 * 60,
  pauseAfterFailures: 100,
  jitterSeconds: 3600,
  pauseNote: 500,
  /** One backfill starts at most this many runs. */
  backfillInstants: 1000,
  /** buffer_all holds at most this many ticks; one more is skipped, so a hung run cannot pile up without bound. */
  bufferedTicks: 100,
} as const;

/** What to do with ticks missed while Weft was down or the schedule paused. */
export const CATCH_UP_POLICIES = ['skip', 'run_once'] as const;
export type CatchUpPolicy = (typeof CATCH_UP_POLICIES)[number];

/** The cron fields in order, with the range a person should be told. Six fields start with seconds. */
const FIELD_RANGES: Record<string, string> = {
  second: '0–59',
  minute: '0–59',
  hour: '0–23',
  day: '1–31',
  'day-of-month': '1–31',
  month: '1–12 or JAN–DEC',
  weekday: '0–7 or SUN–SAT',
  'day-of-week': '0–7 or SUN–SAT',
};

/**
 * Why a cron expression is not usable, in words a person can act on
 * ("Cron expression `61 * * * *`: minute must be 0–59"), or undefined when it is fine.
 * Croner parses; this only checks the field count (5 or 6) and rewords croner's message.
 */
export function cronIssue(cron: string): string | undefined {
  const shown = `Cron expression \`${cron}\``;
  const fields = cron.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5 && fields.length !== 6) {
    return `${shown}: give 5 fields (minute hour day month weekday) or 6 (with seconds first), not ${fields.length}`;
  }
  try {
    // A day that no month has (30 February) parses but never fires: stored, it would show
    // no next run and never say why.
    if (new Cron(cron.trim(), { paused: true }).nextRun() === null) return `${shown}: no date matches it, so it would never run`;
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const field = /Invalid value for ([\w-]+)/i.exec(message)?.[1]?.toLowerCase();
    if (field && FIELD_RANGES[field]) return `${shown}: ${field} must be ${FIELD_RANGES[field]}`;
    return `${shown}: ${message.replace(/^CronPattern:\s*/, '')}`;
  }
}

/** Why a time zone name is not usable ("Unknown time zone `Europe/Berln`"), or undefined. */
export function timeZoneIssue(zone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return undefined;
  } catch {
    return `Unknown time zone \`${zone}\`. Use an IANA name such as Europe/Berlin or America/New_York`;
  }
}

/** Why a timing is not usable, or undefined. */
export function timingIssue(timing: ScheduleTiming): string | undefined {
  switch (timing.kind) {
    case 'cron':
      return cronIssue(timing.cron);
    case 'interval':
      if (!Number.isInteger(timing.intervalSeconds) || timing.intervalSeconds < 1) {
        return `Interval must be a whole number of seconds, at least 1 (got ${timing.intervalSeconds})`;
      }
      return timing.intervalSeconds > MAX_INTERVAL_SECONDS
        ? `Interval must be at most ${MAX_INTERVAL_SECONDS} seconds (ten years), got ${timing.intervalSeconds}`
        : undefined;
    case 'once':
      return dateTimeIssue('runAt', timing.runAt);
  }
}

/**
 * The longest interval: ten years. Instants are computed as anchor + n × interval, and past
 * year 275760 a date cannot be represented at all (1e20 seconds used to fail every list).
 */
export const MAX_INTERVAL_SECONDS = 3650 * 24 * 60 * 60;

/** Dates a schedule may name: four-digit years from 1970, so every instant computed from them stays representable. */
const MIN_YEAR = 1970;
const MAX_YEAR = 9999;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * Why a value is not an ISO 8601 date-time with a zone (`2026-12-01T09:00:00Z`,
 * `2026-12-01T10:00:00+01:00`), or undefined. Stricter than `Date.parse`, which takes "1"
 * as the year 2001 and 30 February as 2 March: each part is checked against the calendar.
 */
export function dateTimeIssue(field: string, value: unknown): string | undefined {
  const expected = `${field} must be an ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z`;
  if (typeof value !== 'string') return expected;
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return `${expected} (got \`${value.slice(0, 60)}\`)`;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 8, 9].map((group) => Number(match[group] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < MIN_YEAR || year > MAX_YEAR) return `${field} must be between the years ${MIN_YEAR} and ${MAX_YEAR} (got ${year})`;
  const daysInMonth = month >= 1 && month <= 12 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 0;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return `${field}: ${value.slice(0, 10)} is not a day of the calendar`;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) {
    return `${field}: ${value.slice(11, 40)} is not a time of day (hours 00–23, minutes and seconds 00–59)`;
  }
  return undefined;
}

/** Runs of a cron looked at to find its shortest gap (see `shortestGapBelow`). */
const GAP_SAMPLE = 121;

/**
 * The shortest gap between two runs of a timing, in seconds, when it is under `minSeconds`;
 * undefined when the timing never fires more often than that. A cron's gaps are measured over
 * its next 121 runs from `from`: its seconds field repeats in every minute the other fields
 * let through, so that many runs always hold one whole such minute (`* * * * * *` gives 1,
 * `0/5 * * * * *` 5). Five-field crons fire at most once a minute, so they are walked only
 * when `minSeconds` is over 60.
 */
export function shortestGapBelow(timing: ScheduleTiming, timezone: string, from: Date, minSeconds: number): number | undefined {
  if (timing.kind === 'once') return undefined;
  if (timing.kind === 'interval') return timing.intervalSeconds < minSeconds ? timing.intervalSeconds : undefined;
  const expression = timing.cron.trim();
  if (expression.split(/\s+/).length === 5 && minSeconds <= 60) return undefined;
  const runs = new Cron(expression, { paused: true, timezone }).nextRuns(GAP_SAMPLE, from);
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) shortest = Math.min(shortest, ((runs[i] as Date).getTime() - (runs[i - 1] as Date).getTime()) / 1000);
  return shortest < minSeconds ? shortest : undefined;
}
