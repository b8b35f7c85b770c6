import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import type { UsersService } from './users.service.js';

/** What an identity provider told us about the person signing in. */
export interface ExternalProfile {
  /** The issuer URL: identities of different providers never collide. */
  provider: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

export type ResolvedIdentity = { ok: true; user: UserRow; created: boolean } | { ok: false; reason: string };

/**
 * Maps external identities (issuer + subject) to Weft users. An e-mail match links an
 * identity to an existing account only when the provider vouches for the address;
 * otherwise anyone able to register that address at some provider could take the
 * account over.
 */
export class IdentitiesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  async findUser(provider: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('identities')
      .innerJoin('users', 'users.id', 'identities.user_id')
      .selectAll('users')
      .where('identities.provider', '=', provider)
      .where('identities.subject', '=', subject)
      .executeTakeFirst();
  }

  async link(userId: string, provider: string, subject: string): Promise<void> {
    await this.db.insertInto('identities').values({ id: newId(), user_id: userId, provider, subject, created_at: this.clock.now().toISOString() }).execute();
  }

  /** The user to sign in: the linked one, else an existing or new one by verified e-mail. */
  async resolve(profile: ExternalProfile): Promise<ResolvedIdentity> {
    const linked = await this.findUser(profile.provider, profile.subject);
    if (linked) return { ok: true, user: linked, created: false };

    const email = profile.email?.trim();
    if (!email || email.length > 320 || !email.includes('@')) return { ok: false, reason: 'the provider did not share a usable e-mail address' };

    // An unverified address is never trusted: not to link (account takeover) and not to
    // create (pre-registering someone else's address, which they would later inherit).
    if (!profile.emailVerified) return { ok: false, reason: 'the provider has not verified the e-mail address' };
    const existing = await this.users.findByEmail(email);
    if (existing) {
      await this.link(existing.id, profile.provider, profile.subject);
      return { ok: true, user: existing, created: false };
    }

    const displayName = profile.name?.trim().slice(0, 100) || null;
    const created = await this.users.create({ email, displayName, passwordHash: null });
    // Undefined means a concurrent sign-up took the address a moment ago.
    if (!created) return { ok: false, reason: 'the e-mail was registered concurrently' };
    await this.link(created.id, profile.provider, profile.subject);
    return { ok: true, user: created, created: true };
  }
}
