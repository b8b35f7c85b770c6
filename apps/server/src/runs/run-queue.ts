export type RunTask = () => Promise<void>;

/**
 * One owner's waiting tasks in lanes (a user's workflows): taken round-robin across lanes,
 * each lane in arrival order, so a flood of one workflow's webhook calls does not hold back
 * the same user's other workflows.
 */
class Lanes {
  private readonly lanes = new Map<string, Set<RunTask>>();
  private readonly laneOf = new Map<RunTask, string>();

  get size(): number {
    return this.laneOf.size;
  }

  add(task: RunTask, lane: string): void {
    let tasks = this.lanes.get(lane);
    if (!tasks) {
      tasks = new Set();
      this.lanes.set(lane, tasks);
    }
    tasks.add(task);
    this.laneOf.set(task, lane);
  }

  delete(task: RunTask): boolean {
    const lane = this.laneOf.get(task);
    if (lane === undefined) return false;
    const tasks = this.lanes.get(lane) as Set<RunTask>;
    tasks.delete(task);
    this.laneOf.delete(task);
    if (tasks.size === 0) this.lanes.delete(lane);
    return true;
  }

  /** The first task of the lane in turn; that lane goes to the back. */
  takeNext(): RunTask | undefined {
    const next = this.lanes.entries().next();
    if (next.done) return undefined;
    const [lane, tasks] = next.value;
    const task = tasks.values().next().value as RunTask;
    this.delete(task);
    const rest = this.lanes.get(lane);
    if (rest) {
      this.lanes.delete(lane);
      this.lanes.set(lane, rest);
    }
    return task;
  }
}

/**
 * Embedded mode's queue: at most `limit` runs at once, and at most `perOwnerLimit` of one
 * owner (a user). Waiting runs are taken round-robin across owners, and within an owner
 * round-robin across lanes (workflows), each lane in arrival order, so one user's pile of
 * slow runs cannot make everyone else's wait behind it, nor one workflow's the user's
 * others. A waiting task can be taken out again (a queued run cancelled). Tasks must not
 * reject; the run service catches everything inside them.
 */
export class RunQueue {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  /** Waiting tasks by owner; the Map's order is the round-robin (a served owner moves to the back). */
  private readonly waiting = new Map<string, Lanes>();
  private readonly ownerOf = new Map<RunTask, string>();
  private waitingCount = 0;

  constructor(
    readonly limit: number,
    readonly perOwnerLimit: number = limit,
  ) {}

  /** Whether a task of `owner` pushed now would start at once. */
  hasRoomFor(owner: string): boolean {
    return this.running < this.limit && (this.runningBy.get(owner) ?? 0) < this.perOwnerLimit && !this.waiting.has(owner);
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  push(task: RunTask, owner = '', lane = ''): void {
    if (this.hasRoomFor(owner)) {
      this.start(task, owner);
      return;
    }
    let tasks = this.waiting.get(owner);
    if (!tasks) {
      tasks = new Lanes();
      this.waiting.set(owner, tasks);
    }
    tasks.add(task, lane);
    this.ownerOf.set(task, owner);
    this.waitingCount += 1;
  }

  /** Takes a task that has not started out of the queue; false if it already started. */
  remove(task: RunTask): boolean {
    const owner = this.ownerOf.get(task);
    if (owner === undefined) return false;
    const tasks = this.waiting.get(owner);
    if (!tasks?.delete(task)) return false;
    this.ownerOf.delete(task);
    this.waitingCount -= 1;
    if (tasks.size === 0) this.waiting.delete(owner);
    return true;
  }

  private start(task: RunTask, owner: string): void {
    this.running += 1;
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
    void task().finally(() => {
      this.running -= 1;
      const left = (this.runningBy.get(owner) ?? 1) - 1;
      if (left === 0) this.runningBy.delete(owner);
      else this.runningBy.set(owner, left);
      this.fill();
    });
  }

  /** Starts waiting tasks while there is room: the first owner in turn that is under its limit. */
  private fill(): void {
    while (this.running < this.limit) {
      let picked: { owner: string; task: RunTask } | undefined;
      for (const [owner, tasks] of this.waiting) {
        if ((this.runningBy.get(owner) ?? 0) >= this.perOwnerLimit) continue;
        const task = tasks.takeNext();
        if (task) picked = { owner, task };
        break;
      }
      if (!picked) return;
      const { owner, task } = picked;
      const tasks = this.waiting.get(owner) as Lanes;
      this.ownerOf.delete(task);
      this.waitingCount -= 1;
      // Served: to the back of the line (or out of it).
      this.waiting.delete(owner);
      if (tasks.size > 0) this.waiting.set(owner, tasks);
      this.start(task, owner);
    }
  }
}
