import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiKeyRow, Database, UserRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { hashToken, newId } from '../platform/tokens.js';
import { USER_COLUMNS } from './users.service.js';

/** Every key starts with this, so the server (and a secret scanner) can tell keys from session tokens. */
export const API_KEY_PREFIX = 'wk_';
/** `wk_` and the first characters of the random part: enough to tell keys apart, far too little to guess one. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
/** Writing last_used_at on every call would turn each API request into a write; a minute is precise enough to show. */
const TOUCH_INTERVAL_MS = 60_000;

/** An API key as the API shows it: never the key, never its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type ResolvedApiKey = { status: 'ok'; user: UserRow; keyId: string } | { status: 'revoked' } | { status: 'unknown' };

/** `wk_` + 43 base64url characters (32 bytes). */
const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;

/**
 * Session tokens are base64url too and may start with `wk_` by chance (1 in 262,144), but
 * they are always 43 characters long, so the length tells the two apart.
 */
export function looksLikeApiKey(token: string): boolean {
  return token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX);
}

function toView(row: ApiKeyRow): ApiKeyView {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/**
 * Personal API keys for scripts: `wk_` + 32 random bytes. Stored only as their SHA-256
 * (a fast hash is enough for 256 random bits, and keeps every API call cheap); the key
 * itself is answered once, at creation. Revoking keeps the row so a later call with the
 * key can say it was revoked rather than that it never existed.
 */
export class ApiKeysService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<ApiKeyView[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toView);
  }

  /** Creates a key; `token` is the only time the key is ever seen. */
  async create(userId: string, name: string): Promise<{ apiKey: ApiKeyView; token: string }> {
    const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row: ApiKeyRow = {
      id: newId(),
      user_id: userId,
      name,
      token_hash: hashToken(token),
      prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
      created_at: this.clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { apiKey: toView(row), token };
  }

  /** False when the key is not the user's or already revoked (the route answers 404). */
  async revoke(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.clock.now().toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes every live key of the user (account recovery); answers how many. */
  async revokeAllForUser(userId: string): Promise<number> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.clock.now().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Looks a presented key up by hash and notes its use (at most once a minute). */
  async resolve(token: string): Promise<ResolvedApiKey> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(['api_keys.id as key_id', 'api_keys.last_used_at', 'api_keys.revoked_at', ...USER_COLUMNS])
      .where('api_keys.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    if (row.revoked_at) return { status: 'revoked' };
    await this.touch(row.key_id, row.last_used_at);
    const { key_id, last_used_at: _lastUsed, revoked_at: _revoked, ...user } = row;
    return { status: 'ok', user, keyId: key_id };
  }

  private async touch(id: string, lastUsedAt: string | null): Promise<void> {
    const now = this.clock.now();
    if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < TOUCH_INTERVAL_MS) return;
    const stale = new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString();
    // The condition repeats the check in SQL so concurrent calls write once, not once each.
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', stale)]))
      .execute();
  }
}
