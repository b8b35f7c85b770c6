import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work may hold the event loop before it lets other requests in. */
const SLICE_MS = 20;

/**
 * Lets long parsing and splitting share the event loop they run on: `turn()` gives other
 * work a turn once a slice of time has passed (cheap to call often), and stops the work
 * with the signal's reason when it was cancelled. The server runs them in content workers
 * (content-work/), which are killed to cancel; this keeps them well-behaved in process too
 * (tests, benchmarks).
 */
export class Yielder {
  private sliceStart = performance.now();

  constructor(private readonly signal?: AbortSignal) {}

  async turn(): Promise<void> {
    this.signal?.throwIfAborted();
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.signal?.throwIfAborted();
    this.sliceStart = performance.now();
  }
}
