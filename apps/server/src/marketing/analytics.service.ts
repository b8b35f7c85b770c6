import type { AnalyticsEventName } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';

export type AnalyticsParams = Record<string, string | number | boolean>;

export interface AnalyticsEventInput {
  name: AnalyticsEventName;
  params: AnalyticsParams;
  path: string | null;
  userId: string | null;
}

/** Limits on what one event may carry, so the table cannot be used as free storage. */
export const ANALYTICS_LIMITS = { maxParams: 20, maxKeyLength: 40, maxStringLength: 500, maxPathLength: 500 } as const;

// Keys that name credentials or personal data; their values are never stored.
const PRIVATE_KEY = /e-?mail|password|passwd|token|secret|^ip$|ip_?address/i;
const EMAIL = /[^\s@/?#]+@[^\s@/?#]+\.[^\s@/?#]+/g;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;

/**
 * Strips what must never be stored (SPEC.md privacy: no e-mails or IPs): keys that
 * name credentials or personal data are dropped, e-mail and IPv4 addresses inside values
 * are masked, and long strings are cut to the limit.
 */
export function scrubParams(params: AnalyticsParams): AnalyticsParams {
  const clean: AnalyticsParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (PRIVATE_KEY.test(key)) continue;
    clean[key] = typeof value === 'string' ? scrubText(value).slice(0, ANALYTICS_LIMITS.maxStringLength) : value;
  }
  return clean;
}

/**
 * The path part of a page address: query and fragment go, because reset tokens and
 * OIDC codes travel there.
 */
export function scrubPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return scrubText(pathname).slice(0, ANALYTICS_LIMITS.maxPathLength);
}

function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(IPV4, '[ip]');
}

/** First-party analytics: consent-gated events stored in our own database. */
export class AnalyticsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async record(event: AnalyticsEventInput): Promise<void> {
    await this.db
      .insertInto('analytics_events')
      .values({
        id: newId(),
        name: event.name,
        params: JSON.stringify(scrubParams(event.params)),
        path: event.path === null ? null : scrubPath(event.path),
        user_id: event.userId,
        created_at: this.clock.now().toISOString(),
      })
      .execute();
  }
}
