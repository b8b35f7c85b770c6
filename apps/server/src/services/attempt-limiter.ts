import type { Clock } from './clock.js';

/**
 * Fixed-window counter keyed by any string (an e-mail address, say). Complements the
 * per-IP limit of @fastify/rate-limit: a credential-stuffing run spread over many IPs
 * still hits the per-e-mail ceiling. In-process; scale-out deployments also get the
 * per-IP limit at the proxy.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt; false when the key is over its limit for this window. */
  take(key: string): boolean {
    const now = this.clock.now().getTime();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
