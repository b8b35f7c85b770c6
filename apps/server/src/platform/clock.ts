/** Injected time source so services and tests agree on "now". */
export interface Clock {
  now(): Date;
  /**
   * `now()` in ms, without a Date: the engine stamps every run event with it, several per
   * node. Clocks without it (tests' manual clock) are read through `now()`.
   */
  nowMs?(): number;
}

export const systemClock: Clock = { now: () => new Date(), nowMs: Date.now };

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
