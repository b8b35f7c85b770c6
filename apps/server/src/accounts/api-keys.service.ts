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
  /** The workflows the key may call (run, their executions, MCP); null: every workflow. */
  workflowIds: string[] | null;
}

export type ResolvedApiKey =
  | { status: 'ok'; user: UserRow; keyId: string; workflowIds: readonly string[] | null }
  | { status: 'revoked' }
  | { status: 'unknown' };

/** A new key: its view, and the key itself, seen this once. */
export interface CreatedApiKey {
  apiKey: ApiKeyView;
  token: string;
}

/** A key may be limited to at most this many workflows: a list, not a way to store data. */
export const MAX_KEY_WORKFLOWS = 100;

/** Why a key's workflow list was refused, in words the person can act on. */
export type KeyScopeProblem = { problem: string };

/** Whether the user owns a workflow: the workflows room's answer, given in the composition root. */
export type OwnsWorkflow = (userId: string, workflowId: string) => Promise<boolean>;

/** `wk_` + 43 base64url characters (32 bytes). */
const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;

/**
 * Session tokens are base64url too and may start with `wk_` by chance (1 in 262,144), but
 * they are always 43 characters long, so the length tells the two apart.
 */
export function looksLikeApiKey(token: string): boolean {
  return token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX);
}

/** The stored list (JSON text) as ids; null: every workflow. */
function parseWorkflowIds(text: string | null): string[] | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    workflowIds: parseWorkflowIds(row.workflow_ids),
  };
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
    private readonly ownsWorkflow: OwnsWorkflow,
  ) {}

  /**
   * Checks a key's workflow list: each one the user's, no repeats kept. Null (every
   * workflow) passes as it is; an empty list is refused, since such a key could call nothing.
   */
  private async checkScope(userId: string, workflowIds: readonly string[] | null): Promise<string[] | null | KeyScopeProblem> {
    if (workflowIds === null) return null;
    const unique = [...new Set(workflowIds)];
    if (unique.length === 0) return { problem: 'Pick at least one workflow the key may call, or leave the key for every workflow' };
    if (unique.length > MAX_KEY_WORKFLOWS) return { problem: `A key may be limited to at most ${MAX_KEY_WORKFLOWS} workflows` };
    for (const id of unique) {
      if (!(await this.ownsWorkflow(userId, id))) return { problem: `Workflow "${id}" is not one of yours; pick workflows from your list` };
    }
    return unique;
  }

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

  /**
   * Creates a key, for every workflow or limited to `workflowIds`; `token` is the only
   * time the key is ever seen.
   */
  async create(userId: string, name: string): Promise<CreatedApiKey>;
  async create(userId: string, name: string, workflowIds: readonly string[] | null): Promise<CreatedApiKey | KeyScopeProblem>;
  async create(userId: string, name: string, workflowIds: readonly string[] | null = null): Promise<CreatedApiKey | KeyScopeProblem> {
    const scope = await this.checkScope(userId, workflowIds);
    if (scope !== null && !Array.isArray(scope)) return scope;
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
      workflow_ids: scope === null ? null : JSON.stringify(scope),
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { apiKey: toView(row), token };
  }

  /**
   * Limits a live key to `workflowIds`, or lets it call every workflow again (null).
   * Undefined when the key is not the user's or is revoked (the route answers 404).
   */
  async setWorkflows(userId: string, id: string, workflowIds: readonly string[] | null): Promise<ApiKeyView | KeyScopeProblem | undefined> {
    // Another user's key is not found, whatever the list says.
    const live = await this.db
      .selectFrom('api_keys')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!live) return undefined;
    const scope = await this.checkScope(userId, workflowIds);
    if (scope !== null && !Array.isArray(scope)) return scope;
    const row = await this.db
      .updateTable('api_keys')
      .set({ workflow_ids: scope === null ? null : JSON.stringify(scope) })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row ? toView(row) : undefined;
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
      .select(['api_keys.id as key_id', 'api_keys.last_used_at', 'api_keys.revoked_at', 'api_keys.workflow_ids', ...USER_COLUMNS])
      .where('api_keys.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    if (row.revoked_at) return { status: 'revoked' };
    await this.touch(row.key_id, row.last_used_at);
    const { key_id, last_used_at: _lastUsed, revoked_at: _revoked, workflow_ids, ...user } = row;
    return { status: 'ok', user, keyId: key_id, workflowIds: parseWorkflowIds(workflow_ids) };
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
