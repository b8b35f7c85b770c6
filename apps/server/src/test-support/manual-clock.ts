import type { Clock } from '../platform/clock.js';

/** A clock that moves only when the test says so (no sleeps, STYLE.md rule 10). */
export class ManualClock implements Clock {
  private current: Date;

  constructor(start = '2025-01-01T00:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
