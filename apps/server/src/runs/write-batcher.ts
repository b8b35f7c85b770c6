import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Write<T> = (db: Kysely<Database> | Transaction<Database>) => Promise<T>;

interface Pending {
  write: Write<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for the run service's writes: the starts and ends of runs that arrive
 * within one turn of the event loop are written in one transaction. Under load that is
 * dozens of rows per commit instead of one, which on SQLite means each touched page goes
 * to the WAL once per batch rather than once per run, and on PostgreSQL one commit flush.
 * A write waits at most for the current turn to end.
 *
 * If the batch's transaction fails, every write is retried alone, so one bad write fails
 * only its own caller.
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(write: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        // One batch at a time: the next one collects while this one commits.
        this.flushing = this.flushing.then(() => this.flush());
      });
    });
  }

  /** Resolves once every write handed in so far is done. */
  async idle(): Promise<void> {
    while (this.scheduled || this.queue.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.flushing;
    }
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    if (batch.length === 1) {
      await this.alone(batch[0] as Pending);
      return;
    }
    let results: unknown[];
    try {
      results = await this.db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const pending of batch) out.push(await pending.write(trx));
        return out;
      });
    } catch {
      for (const pending of batch) await this.alone(pending);
      return;
    }
    for (const [index, pending] of batch.entries()) pending.resolve(results[index]);
  }

  private async alone(pending: Pending): Promise<void> {
    try {
      pending.resolve(await pending.write(this.db));
    } catch (error) {
      pending.reject(error);
    }
  }
}
