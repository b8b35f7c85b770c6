import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptLimiter } from '../accounts/attempt-limiter.js';

/** Attempt limiters of one implementation, and a way to see a key's window end. */
export interface LimitersUnderTest {
  make(max: number, windowMs: number): AttemptLimiter;
  /** Resolves once the window that `key`'s first attempt opened has ended (memory: the clock moves; Redis: the key expires). */
  passWindow(limiter: AttemptLimiter, key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * What every AttemptLimiter (services/attempt-limiter.ts) promises the sign-in, reset and
 * newsletter guards, run against each: in memory (embedded mode) and in Redis (scale-out,
 * shared by every API process). Not promised: sliding windows (a window is fixed from the
 * first attempt), or that a refused attempt is not counted.
 */
export function describeAttemptLimiterContract(name: string, make: () => Promise<LimitersUnderTest>): void {
  describe(`AttemptLimiter contract: ${name}`, () => {
    let subject: LimitersUnderTest | undefined;
    afterEach(async () => {
      await subject?.close();
    });
    const start = async () => {
      subject = await make();
      return subject;
    };

    it('allows `max` attempts of a key in a window and refuses the next', async () => {
      const limiter = (await start()).make(3, 60_000);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await limiter.take('ada@example.com'));
      expect(answers).toEqual([true, true, true, false, false]);
    });

    it('counts keys apart', async () => {
      const limiter = (await start()).make(1, 60_000);
      expect(await limiter.take('a')).toBe(true);
      expect(await limiter.take('a')).toBe(false);
      expect(await limiter.take('b')).toBe(true);
    });

    it('counts attempts made at once each once', async () => {
      const limiter = (await start()).make(4, 60_000);
      const answers = await Promise.all(Array.from({ length: 10 }, () => limiter.take('burst')));
      expect(answers.filter(Boolean)).toHaveLength(4);
    });

    it('allows the key again once its window has passed', async () => {
      const limiters = await start();
      const limiter = limiters.make(2, 200);
      expect([await limiter.take('k'), await limiter.take('k'), await limiter.take('k')]).toEqual([true, true, false]);
      await limiters.passWindow(limiter, 'k');
      expect([await limiter.take('k'), await limiter.take('k'), await limiter.take('k')]).toEqual([true, true, false]);
    });
  });
}
