import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { hashToken, newToken } from '../platform/tokens.js';
import { USER_COLUMNS } from './users.service.js';

export interface IssuedSession {
  /** Shown once, to the client; only its hash is stored. */
  token: string;
  csrfToken: string;
  expiresAt: string;
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
}

/** Server-side sessions: revocable at any time, looked up by token hash. */
export class SessionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly lifetimeDays: number,
  ) {}

  async create(userId: string, userAgent: string | undefined): Promise<IssuedSession> {
    const token = newToken();
    const csrfToken = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.lifetimeDays * 86_400_000).toISOString();
    await this.db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: userId,
        csrf_token: csrfToken,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        user_agent: userAgent?.slice(0, 500) ?? null,
      })
      .execute();
    return { token, csrfToken, expiresAt };
  }

  async resolve(token: string): Promise<ResolvedSession | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as session_id',
        'sessions.csrf_token',
        'sessions.created_at as session_created_at',
        'sessions.expires_at',
        'sessions.user_agent',
        ...USER_COLUMNS,
      ])
      .where('sessions.id', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now().toISOString()) return undefined;
    const { session_id, csrf_token, session_created_at, expires_at, user_agent, ...user } = row;
    return { session: { id: session_id, user_id: user.id, csrf_token, created_at: session_created_at, expires_at, user_agent }, user };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** Signs the user out everywhere, optionally keeping the session making the request. */
  async revokeAllForUser(userId: string, keepSessionId?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', this.clock.now().toISOString()).execute();
  }
}
