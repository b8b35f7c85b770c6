/**
 * A task's input in the worker, as its batches arrive after the task (content-pool.ts sends
 * one per turn of the server's event loop). A parse or a JSON check needs all of it
 * (`all`); a split takes texts as they come (`items`), so it works while the server still
 * sends and the two processes overlap. Items already taken are let go.
 */
export class TaskInput {
  private received: unknown[] = [];
  private taken = 0;
  private batchesLeft: number;
  private wake: (() => void) | undefined;

  constructor(batches: number) {
    this.batchesLeft = batches;
  }

  add(items: readonly unknown[]): void {
    for (const item of items) this.received.push(item);
    this.batchesLeft -= 1;
    this.wake?.();
    this.wake = undefined;
  }

  private get complete(): boolean {
    return this.batchesLeft <= 0;
  }

  async all(): Promise<unknown[]> {
    while (!this.complete) await this.arrival();
    return this.received;
  }

  async *items(): AsyncGenerator<unknown> {
    for (;;) {
      while (this.taken < this.received.length) {
        const item = this.received[this.taken];
        this.received[this.taken++] = undefined;
        yield item;
      }
      if (this.complete) return;
      await this.arrival();
    }
  }

  private arrival(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }
}
