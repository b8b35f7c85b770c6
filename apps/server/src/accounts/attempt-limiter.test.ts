import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { describeAttemptLimiterContract } from '../test-support/attempt-limiter-contract.js';
import { ManualClock } from '../test-support/manual-clock.js';
import { TEST_REDIS_URL } from '../test-support/scale-out-weft.js';
import { MemoryAttemptLimiter, RedisAttemptLimiter } from './attempt-limiter.js';

describeAttemptLimiterContract('in memory (embedded mode)', async () => {
  const clock = new ManualClock();
  return {
    make: (max, windowMs) => new MemoryAttemptLimiter(max, windowMs, clock),
    passWindow: async () => clock.advance(60_000),
    close: async () => {},
  };
});

// The shared Redis, under a prefix of this test's own; the keys expire by themselves and the suite deletes what is left.
describeAttemptLimiterContract('Redis (scale-out mode)', async () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = `weft-limiter-test-${randomUUID()}:`;
  return {
    make: (max, windowMs) => new RedisAttemptLimiter(redis, prefix, max, windowMs),
    passWindow: (_limiter, key) => expect.poll(() => redis.exists(`${prefix}${key}`), { timeout: 5_000 }).toBe(0),
    close: async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
});
