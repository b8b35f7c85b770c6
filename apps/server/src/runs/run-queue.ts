export type RunTask = () => Promise<void>;

/**
 * Embedded mode's queue: at most `limit` runs at once, the rest wait in arrival order.
 * A waiting task can be taken out again (a queued run cancelled). Tasks must not reject;
 * the run service catches everything inside them.
 */
export class RunQueue {
  private running = 0;
  /** A Set keeps insertion order and removes in O(1). */
  private readonly waiting = new Set<RunTask>();

  constructor(readonly limit: number) {}

  /** Whether a task pushed now would start at once. */
  get hasRoom(): boolean {
    return this.running < this.limit && this.waiting.size === 0;
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.size };
  }

  push(task: RunTask): void {
    if (this.running < this.limit) this.start(task);
    else this.waiting.add(task);
  }

  /** Takes a task that has not started out of the queue; false if it already started. */
  remove(task: RunTask): boolean {
    return this.waiting.delete(task);
  }

  private start(task: RunTask): void {
    this.running += 1;
    void task().finally(() => {
      this.running -= 1;
      const next = this.waiting.values().next();
      if (next.done) return;
      this.waiting.delete(next.value);
      this.start(next.value);
    });
  }
}
