import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addMinutes, type Clock } from '../platform/clock.js';

/** A sign-in must come back from the identity provider within ten minutes. */
export const SAML_FLOW_MINUTES = 10;

/**
 * The AuthnRequests Weft has sent and not yet seen answered (table `saml_requests`,
 * migration 0027), shared by every API process through the database. It is node-saml's
 * cache provider, so node-saml refuses a response `InResponseTo` anything else; the one
 * use is `claim`, a conditional DELETE after the response checked out, which exactly one
 * of two concurrent posts of the same response can win.
 */
export class SamlRequests implements CacheProvider {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async saveAsync(id: string, value: string): Promise<CacheItem | null> {
    const now = this.clock.now();
    // Abandoned sign-ins go as new ones start: no timer, and the table stays small.
    await this.db.deleteFrom('saml_requests').where('expires_at', '<', now.toISOString()).execute();
    await this.db
      .insertInto('saml_requests')
      .values({ id, created_at: now.toISOString(), expires_at: addMinutes(now, SAML_FLOW_MINUTES).toISOString() })
      .execute();
    return { value, createdAt: now.getTime() };
  }

  /** The request's creation time while it is pending and fresh; null otherwise. */
  async getAsync(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('saml_requests')
      .select('created_at')
      .where('id', '=', id)
      .where('expires_at', '>', this.clock.now().toISOString())
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /**
   * node-saml calls this on its own paths, some before a response is fully checked; a
   * forged response must not be able to cancel a real sign-in, so the row goes only
   * through `claim`.
   */
  async removeAsync(_id: string | null): Promise<string | null> {
    return null;
  }

  /** True for the one caller that consumes a pending, unexpired request. */
  async claim(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('saml_requests').where('id', '=', id).where('expires_at', '>', this.clock.now().toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
