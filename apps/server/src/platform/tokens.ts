import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe: session tokens, reset tokens, CSRF tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
