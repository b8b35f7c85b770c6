import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { signUp } from '../test-support/test-weft.js';

describe('Scale-out: rate limits are counted once across API processes', () => {
  const getCluster = useScaleOutCluster({ env: { AUTH_RATE_LIMIT: '4' } });

  it('refuses the fifth sign-in attempt even when the attempts alternate between two API processes', async () => {
    const { api, prefix, startApi } = getCluster();
    const second = await startApi();
    const user = await signUp(api);
    const attempt = (weft: typeof api) =>
      weft.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'not the password' } });

    // The limit is 4 a minute per account and address (and per account from unknown
    // browsers). Each process alone sees at most three attempts; together they see five.
    expect((await attempt(api)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(api)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    const fifth = await attempt(api);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/Too many attempts/);

    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:ratelimit:*`);
      expect(keys.some((key) => key.startsWith(`${prefix}:ratelimit:signin-source:`))).toBe(true);
      expect(keys.some((key) => key.startsWith(`${prefix}:ratelimit:signin-account:`))).toBe(true);
    } finally {
      await redis.quit();
    }
  });
});
