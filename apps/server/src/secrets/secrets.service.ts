import type { Kysely } from 'kysely';
import { CompiledStatements } from '../db/compiled-statements.js';
import type { Database, SecretRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { type SecretCipher, SecretDecryptError } from './secret-cipher.js';
import { last4Of } from './secret-rules.js';

/** A secret as the API shows it: never the value. */
export interface SecretSummary {
  id: string;
  name: string;
  /** The value's last four characters; empty for values too short to show any (secret-rules.ts). */
  last4: string;
  createdAt: string;
  updatedAt: string;
  /** E-mail of who created it; null for secrets from before the audit trail (or a deleted user). */
  createdBy: string | null;
  /** E-mail of who last used it in a run, and when; null until then. */
  lastUsedBy: string | null;
  lastUsedAt: string | null;
}

export type SecretResult =
  | { ok: true; secret: SecretSummary }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'duplicate'; name: string }
  | { ok: false; reason: 'empty' };

type SummaryRow = Pick<SecretRow, 'id' | 'name' | 'last4' | 'created_at' | 'updated_at' | 'last_used_at'> & {
  created_by_email: string | null;
  last_used_by_email: string | null;
};

function toSummary(row: SummaryRow): SecretSummary {
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by_email,
    lastUsedBy: row.last_used_by_email,
    lastUsedAt: row.last_used_at,
  };
}

/** Binds a ciphertext to its row and owner (secret-cipher.ts explains why). */
export function secretContext(userId: string, secretId: string): string {
  return `secret:${userId}:${secretId}`;
}

/** SQLite and PostgreSQL report a unique-constraint violation differently. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * A user's secrets, encrypted at rest. Every query is scoped by owner, so another user's
 * secret is indistinguishable from a missing one. Values go in through create/update and
 * come out only through `valuesForUser`, for the run service; nothing else decrypts.
 */
export class SecretsService {
  /** The read every run makes (valuesForUser), compiled once. */
  private readonly statements = new CompiledStatements();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly cipher: SecretCipher,
  ) {}

  /** The owner's secrets with who created and last used them (their e-mails now). */
  private summaries(userId: string) {
    return this.db
      .selectFrom('secrets')
      .leftJoin('users as creator', 'creator.id', 'secrets.created_by')
      .leftJoin('users as last_user', 'last_user.id', 'secrets.last_used_by')
      .select([
        'secrets.id',
        'secrets.name',
        'secrets.last4',
        'secrets.created_at',
        'secrets.updated_at',
        'secrets.last_used_at',
        'creator.email as created_by_email',
        'last_user.email as last_used_by_email',
      ])
      .where('secrets.user_id', '=', userId);
  }

  async list(userId: string): Promise<SecretSummary[]> {
    const rows = await this.summaries(userId).orderBy('secrets.name').execute();
    return rows.map(toSummary);
  }

  private async summary(userId: string, id: string): Promise<SecretSummary | undefined> {
    const row = await this.summaries(userId).where('secrets.id', '=', id).executeTakeFirst();
    return row ? toSummary(row) : undefined;
  }

  /**
   * Stamps who used the named secrets in a run and when (the audit trail's secret use,
   * throttled by its caller); answers the secrets found.
   */
  async markUsed(userId: string, names: readonly string[], by: string, at: string): Promise<{ id: string; name: string }[]> {
    if (names.length === 0) return [];
    return this.db
      .updateTable('secrets')
      .set({ last_used_by: by, last_used_at: at })
      .where('user_id', '=', userId)
      .where('name', 'in', [...names])
      .returning(['id', 'name'])
      .execute();
  }

  /** Names and values are checked by the caller (secret-rules.ts); a taken name is a `duplicate`. */
  async create(userId: string, input: { name: string; value: string }): Promise<SecretResult> {
    const now = this.clock.now().toISOString();
    const id = newId();
    const row: SecretRow = {
      id,
      user_id: userId,
      name: input.name,
      ciphertext: this.cipher.encrypt(input.value, secretContext(userId, id)),
      last4: last4Of(input.value),
      created_at: now,
      updated_at: now,
      created_by: userId,
      last_used_by: null,
      last_used_at: null,
    };
    const inserted = await this.db
      .insertInto('secrets')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { ok: false, reason: 'duplicate', name: input.name };
    const secret = await this.summary(userId, id);
    return secret ? { ok: true, secret } : { ok: false, reason: 'not_found' };
  }

  /** Replaces the value, renames, or both; `empty` when asked to change nothing. */
  async update(userId: string, id: string, changes: { name?: string; value?: string }): Promise<SecretResult> {
    if (changes.name === undefined && changes.value === undefined) return { ok: false, reason: 'empty' };
    const now = this.clock.now().toISOString();
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.value !== undefined ? { ciphertext: this.cipher.encrypt(changes.value, secretContext(userId, id)), last4: last4Of(changes.value) } : {}),
      updated_at: now,
    };
    try {
      const row = await this.db.updateTable('secrets').set(set).where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
      const secret = row ? await this.summary(userId, id) : undefined;
      return secret ? { ok: true, secret } : { ok: false, reason: 'not_found' };
    } catch (error) {
      if (changes.name !== undefined && isUniqueViolation(error)) return { ok: false, reason: 'duplicate', name: changes.name };
      throw error;
    }
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('secrets').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Every secret of the user by name, decrypted, for `{{secrets.NAME}}` in a run. The
   * object has no prototype, so a name like `constructor` finds nothing it did not store.
   */
  async valuesForUser(userId: string): Promise<Record<string, string>> {
    const { rows } = await this.statements.run(
      this.db,
      'values',
      (value) => this.db.selectFrom('secrets').select(['id', 'name', 'ciphertext']).where('user_id', '=', value('userId')),
      { userId },
    );
    const values: Record<string, string> = Object.create(null);
    for (const row of rows) {
      try {
        values[row.name] = this.cipher.decrypt(row.ciphertext, secretContext(userId, row.id));
      } catch (error) {
        if (!(error instanceof SecretDecryptError)) throw error;
        throw new SecretDecryptError(
          `The secret "${row.name}" could not be decrypted with the current encryption key. Enter its value again in Settings → Secrets.`,
        );
      }
    }
    return values;
  }
}
