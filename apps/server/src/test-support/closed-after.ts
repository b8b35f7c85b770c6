import { type afterAll, afterEach } from 'vitest';

/**
 * Wraps a factory of things a test must close (fetchers, services, worker pools): each
 * one it makes is closed by the hook, `afterEach` unless told `afterAll`. Register it
 * after the hooks that close what these talk to: vitest runs after-hooks last-in, first-out.
 */
export function closedAfter<A extends unknown[], T extends { close(): Promise<unknown> }>(
  make: (...args: A) => T,
  hook: typeof afterAll | typeof afterEach = afterEach,
): (...args: A) => T {
  const made: T[] = [];
  hook(async () => {
    await Promise.all(made.splice(0).map((each) => each.close()));
  });
  return (...args) => {
    const created = make(...args);
    made.push(created);
    return created;
  };
}
