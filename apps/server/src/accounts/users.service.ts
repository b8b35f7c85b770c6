import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { insertPersonalWorkspace } from '../workspaces/personal-workspace.js';

/** The user as the API shows it: never the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  displayName: string | null;
  hasPassword: boolean;
  createdAt: string;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
  };
}

/**
 * Every column of a user row, qualified: what a lookup that joins `users` to the row naming
 * its user (a session, an API key) selects to hand back the whole UserRow.
 */
export const USER_COLUMNS = ['users.id', 'users.email', 'users.display_name', 'users.password_hash', 'users.created_at', 'users.updated_at'] as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UsersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  /** Returns undefined when the e-mail is taken (unique constraint), without throwing. Also makes the user's personal workspace. */
  async create(input: { email: string; displayName: string | null; passwordHash: string | null }): Promise<UserRow | undefined> {
    const now = this.clock.now().toISOString();
    const row: UserRow = {
      id: newId(),
      email: normaliseEmail(input.email),
      display_name: input.displayName,
      password_hash: input.passwordHash,
      created_at: now,
      updated_at: now,
    };
    // The account and its personal workspace (issue 25) are made together or not at all.
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      await insertPersonalWorkspace(trx, row.id, now);
      return row;
    });
  }

  async update(id: string, changes: { displayName?: string | null; passwordHash?: string }): Promise<UserRow | undefined> {
    await this.db
      .updateTable('users')
      .set({
        ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
        ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return this.findById(id);
  }

  /** Deletes the account; sessions, identities and workflows go with it (cascade). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
