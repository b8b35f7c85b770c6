import type { Redis } from 'ioredis';
import type { Clock } from '../platform/clock.js';

/**
 * Counts attempts per key (an e-mail address, say) in fixed windows. Complements the
 * per-IP limit of @fastify/rate-limit: a credential-stuffing run spread over many IPs
 * still hits the per-e-mail ceiling.
 */
export interface AttemptLimiter {
  /** Counts one attempt; false when the key is over its limit for this window. */
  take(key: string): Promise<boolean>;
}

/** Embedded mode: one process, so the counts live in memory. */
export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  async take(key: string): Promise<boolean> {
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

/**
 * Scale-out mode: every API process shares one count per key in Redis, so running more
 * processes does not multiply the limit. INCR and the window's expiry go in one MULTI;
 * `NX` keeps the first attempt's expiry, which makes the window fixed.
 */
export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async take(key: string): Promise<boolean> {
    const name = `${this.prefix}${key}`;
    const results = await this.redis.multi().incr(name).pexpire(name, this.windowMs, 'NX').exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    return count <= this.max;
  }
}
