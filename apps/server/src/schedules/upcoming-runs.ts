import { isoInZone, nextRuns, type ScheduleWindow, timingFields } from '@weft/core';

/** Lists kept; one is a few hundred bytes, so the most is a few MB. */
const MAX_KEPT = 10_000;

/**
 * A schedule's next runs as the API answers them (ISO with the zone's offset), kept by all
 * they are computed from: the timing, zone, start and end (and the anchor, for intervals)
 * and the instant they count from. A list computes them for each row it answers, about
 * 0.1 ms a row in a zone (croner converts every candidate instant there and back): a page
 * of 100 cost 20 ms of CPU, again at each of the dashboard's looks every 10 s, and a burst
 * of schedules sharing "0 9 * * 1-5" in one zone computed the same five instants for each.
 */
export class UpcomingRuns {
  private readonly kept = new Map<string, readonly string[]>();

  constructor(private readonly count: number) {}

  /**
   * The next runs from the stored next instant on (so one due this second still shows), or
   * from `now` when that is past. Only the first are kept: counted from `now`, they would
   * be counted from a new instant at each look.
   */
  of(window: ScheduleWindow, next: string, now: Date): string[] {
    const fromNext = Date.parse(next) - 1;
    if (fromNext <= now.getTime()) return this.compute(window, now);
    const { cron, intervalSeconds, runAt } = timingFields(window.timing);
    const anchor = window.timing.kind === 'interval' ? window.anchor : '';
    const key = [cron, intervalSeconds, runAt, window.timezone, window.startAt, window.endAt, anchor, fromNext].join('\u0000');
    let runs = this.kept.get(key);
    if (!runs) {
      runs = this.compute(window, new Date(fromNext));
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(key, runs);
    }
    return [...runs];
  }

  private compute(window: ScheduleWindow, from: Date): string[] {
    return nextRuns(window, from, this.count).map((instant) => isoInZone(instant, window.timezone));
  }
}
