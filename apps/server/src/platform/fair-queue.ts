/**
 * Waiting work served round-robin between owners (users), each owner's in arrival order,
 * with at most `perOwner` of one owner's items running at once: turns alone are not enough
 * when running work cannot be interrupted, since an owner whose long tasks hold every
 * worker makes a newcomer wait for one of them to end (the sandbox pool learned this).
 */
export class FairQueue<T extends { readonly owner: string }> {
  private readonly items: T[] = [];
  /** When each owner was last served (a running count): the least recently served goes next. */
  private readonly served = new Map<string, number>();
  private serveCount = 0;

  constructor(private readonly perOwner: number) {}

  get length(): number {
    return this.items.length;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** Takes an item out of line (cancelled); false when it was not waiting. */
  remove(item: T): boolean {
    const index = this.items.indexOf(item);
    if (index < 0) return false;
    this.items.splice(index, 1);
    return true;
  }

  /** Everything waiting, emptied (shut down). */
  drain(): T[] {
    return this.items.splice(0);
  }

  /**
   * The next item of the owner served longest ago (never served first) among owners
   * running fewer than their share (`running` counts them); undefined when none may go.
   */
  take(running: readonly T[]): T | undefined {
    const holding = new Map<string, number>();
    for (const item of running) holding.set(item.owner, (holding.get(item.owner) ?? 0) + 1);
    let best = -1;
    let bestServed = Number.POSITIVE_INFINITY;
    for (let index = 0; index < this.items.length; index++) {
      const owner = (this.items[index] as T).owner;
      if ((holding.get(owner) ?? 0) >= this.perOwner) continue;
      const last = this.served.get(owner) ?? -1;
      if (last < bestServed) {
        best = index;
        bestServed = last;
        if (last === -1) break;
      }
    }
    if (best < 0) return undefined;
    const [item] = this.items.splice(best, 1) as [T];
    this.serveCount += 1;
    this.served.set(item.owner, this.serveCount);
    if (this.served.size > 10_000) this.served.clear();
    return item;
  }
}
