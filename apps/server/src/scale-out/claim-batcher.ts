import type { Clock } from '../platform/clock.js';
import type { ExecutionsRepository } from '../runs/executions.repository.js';

type ClaimedRow = Awaited<ReturnType<ExecutionsRepository['claimMany']>>[number];

interface Waiting {
  id: string;
  resolve(row: ClaimedRow | undefined): void;
  reject(error: unknown): void;
}

/** Claims sent in one statement at most. */
const MAX_BATCH = 64;

/**
 * A worker's claims, grouped (issue 24, plan step 3): a claim made while another is on its
 * way to the database waits for it and goes with the others that came meanwhile, in one
 * UPDATE (`ExecutionsRepository.claimMany`): one statement, one transaction and one WAL
 * flush for several runs instead of one each. Alone, a claim goes at once. Each row is
 * still claimed only while queued, and a run starts only after the statement that claimed
 * it committed (its caller gets the row then), so a crash never leaves a run going whose
 * claim is not on disk. A failed statement fails every claim in it, as one failed claim did.
 */
export class ClaimBatcher {
  private waiting: Waiting[] = [];
  private inFlight = false;

  constructor(
    private readonly repository: ExecutionsRepository,
    private readonly runnerId: string,
    private readonly clock: Clock,
  ) {}

  /** The claimed row, or undefined when the execution was not queued (cancelled, ended, another worker's). */
  claim(id: string): Promise<ClaimedRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, resolve, reject });
      if (!this.inFlight) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.inFlight = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        const rows = await this.repository.claimMany(
          batch.map((each) => each.id),
          this.runnerId,
          this.clock.now().toISOString(),
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const each of batch) each.resolve(byId.get(each.id));
      } catch (error) {
        for (const each of batch) each.reject(error);
      }
    }
    this.inFlight = false;
  }
}
