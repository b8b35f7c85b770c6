import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tables whose rows belong to a user through `user_id`. */
export type UserOwnedTable = { [T in keyof Database]: Database[T] extends { user_id: string } ? T : never }[keyof Database];

/**
 * How many rows of `table` the user owns: what a per-user quota counts. The owning room
 * passes its own table, so the table's SQL still starts in that room.
 */
export async function countOwnedBy(db: Kysely<Database>, table: UserOwnedTable, userId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
