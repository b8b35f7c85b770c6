import { Cron } from 'croner';

/** How a schedule says when to run: a cron expression, a fixed interval, or one date-time. */
export type ScheduleTiming = { kind: 'cron'; cron: string } | { kind: 'interval'; intervalSeconds: number } | { kind: 'once'; runAt: string };

export type ScheduleKind = ScheduleTiming['kind'];

/** What to do with a tick that comes while the schedule's previous run is still going. */
export const OVERLAP_POLICIES = ['skip', 'queue', 'allow'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];

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
    new Cron(cron.trim(), { paused: true });
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
      return Number.isInteger(timing.intervalSeconds) && timing.intervalSeconds >= 1
        ? undefined
        : `Interval must be a whole number of seconds, at least 1 (got ${timing.intervalSeconds})`;
    case 'once':
      return Number.isNaN(Date.parse(timing.runAt)) ? `runAt \`${timing.runAt}\` is not a date-time (use ISO 8601, e.g. 2026-12-01T09:00:00Z)` : undefined;
  }
}
