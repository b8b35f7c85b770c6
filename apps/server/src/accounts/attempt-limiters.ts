import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import { type AttemptLimiter, MemoryAttemptLimiter, RedisAttemptLimiter } from './attempt-limiter.js';
import { SignInGuard } from './sign-in-guard.js';

/** Confirmation mails the newsletter form may send one address per day. */
export const NEWSLETTER_MAILS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;

export interface AttemptLimiters {
  emailLimiter: AttemptLimiter;
  resetMailLimiter: AttemptLimiter;
  signInGuard: SignInGuard;
  newsletterMailLimiter: AttemptLimiter;
}

/**
 * Every count that holds back guessing and mail floods: in memory in embedded mode, in
 * Redis (`<prefix>:ratelimit:*`) in scale-out so more API processes do not multiply them.
 */
export function createAttemptLimiters(options: { config: Config; redis: Redis | undefined; clock: Clock; encryptionKey: Buffer }): AttemptLimiters {
  const { config, redis, clock } = options;
  const limiter = (name: string, max: number, windowMs: number): AttemptLimiter =>
    redis ? new RedisAttemptLimiter(redis, `${config.redisPrefix}:ratelimit:${name}:`, max, windowMs) : new MemoryAttemptLimiter(max, windowMs, clock);
  return {
    newsletterMailLimiter: limiter('newsletter', NEWSLETTER_MAILS_PER_DAY, DAY_MS),
    signInGuard: new SignInGuard(
      limiter('signin-source', config.authRateLimit, MINUTE_MS),
      limiter('signin-account', config.authRateLimit, MINUTE_MS),
      options.encryptionKey,
    ),
    emailLimiter: limiter('email', config.authRateLimit, MINUTE_MS),
    resetMailLimiter: limiter('reset-mail', config.userLimits.resetMailsPerHour, HOUR_MS),
  };
}
