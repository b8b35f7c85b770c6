import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AttemptLimiter } from './attempt-limiter.js';
import { normaliseEmail } from './users.service.js';

/** The cookie that marks a browser which signed in to an account before (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'weft_device';

export type SignInGate = 'ok' | 'too_many';

/**
 * Bounds password guessing without handing attackers a lockout. Every attempt counts
 * against its (account, IP) pair, so one source guesses at most the limit a minute. Attempts
 * from browsers not known to the account also count against the account, which bounds a
 * guesser spread over many IPs; a browser that signed in to the account before carries a
 * device cookie (an HMAC of the address under a key derived from the secrets key, so it
 * cannot be forged) and is not held back by strangers' attempts. So ten wrong passwords a
 * minute from anywhere no longer keep the owner out of their own account.
 */
export class SignInGuard {
  private readonly deviceKey: Buffer;

  constructor(
    private readonly perSource: AttemptLimiter,
    private readonly perAccount: AttemptLimiter,
    secretsKey: Buffer,
  ) {
    this.deviceKey = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'weft sign-in device cookie', 32));
  }

  /** The device cookie's value for an account. */
  deviceToken(email: string): string {
    return createHmac('sha256', this.deviceKey).update(normaliseEmail(email)).digest('base64url');
  }

  isKnownDevice(email: string, cookie: string | undefined): boolean {
    if (!cookie) return false;
    const expected = Buffer.from(this.deviceToken(email));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Counts one attempt; `too_many` when its source, or (from an unknown browser) its account, is over the limit. */
  async attempt(email: string, ip: string, knownDevice: boolean): Promise<SignInGate> {
    const account = normaliseEmail(email);
    if (!(await this.perSource.take(`${account}|${ip}`))) return 'too_many';
    if (!knownDevice && !(await this.perAccount.take(account))) return 'too_many';
    return 'ok';
  }
}
